import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSound
@testable import AlertSoundCore

/// Conversion bounded whatever the input: blocks sized by bytes, not channels; a rate the resampler cannot reach refused, not crashed on. Each test holds a finding of
/// shared/attack/README.md (its `.bug` trait); the exact inputs are in AttackInputs.swift.
@Suite struct ConversionBoundsTests {
    // F10: convert held channels × 16,384 frames per block (1.6 GB for 65,535 channels).
    @Test(.bug(id: "attack F10")) func blocksAreBoundedByBytes() throws {
        let scratch = try Scratch()
        let channels = Limits.maximumChannels
        let format = StreamFormat(sampleRate: 8000, channels: channels, coding: .integer(16, order: .bigEndian))
        let input = try scratch.write(
            "wide.caf",
            try SoundFileBuilder.make(.caff, format: format, samples: [Int16](repeating: 1, count: channels * 700)))
        let result = try Converter(
            options: ConversionOptions(dataFormat: OutputDataFormat(parsing: "LEI16"), fileType: .wave)
        )
        .convert(input: input, output: scratch.path("wide.wav"))
        #expect(result.frames == 700)
        let info = try SoundFile.inspect(path: scratch.path("wide.wav"))
        #expect(info.channels == channels && info.frames == 700)
        #expect(
            Converter.blockFrames(channels: channels, blockBytes: Limits.conversionBlockBytes) * channels * 4
                <= Limits.conversionBlockBytes)
    }

    /// Found by `scripts/dev/fuzz convert` in this session: an AIFF-C whose rate is too low for
    /// libsamplerate to reach 11025 Hz made Resampler free its state twice (SEGV in src_delete).
    static let resamplerDoubleFree = [UInt8](
        Data(
            base64Encoded:
                "Rk9STQAARVhBSUZDRlZFUgAAAASigFFAQ09NTQAAAEQAAQAAETsAIEAArA4AAABEAABpbjMyLExpbmVhciBQQ00sIDMyIGJpdCBiaWctZW5kaWFuIHNpZ25lZCBpbnRlZ2VyAFNTTkQAAET0AAAAAAAAAAAAAAAKAAAACgAAAAoAAAAKAAAACgAAAAoAAAAKAAAACoAAAFBLBgZ/hRu/f4epnv+KN37/jMVef49TPn9wkeEd/5Ru/f+W/N1/mYq8/5wYnP+epnx/oTRcf6PCO/+mUBv/qN37f6tr23+t+br/sIea/7MVen+1o1n/uDE5/7q/GX+9TPl/v9rY/8JouL/E9ph/x4R4P8oSV//MoDe/zy4Xf9G79z/USdb/1te2f9lllj/b83X/3oFVv+EPNX/jnRU/5ir0/+i41L/rRrRf7dSUH/Bic9/y8FOP9X4zT/gMEwf6mfK//SfSe/+1sjYCQ5HwBNFxqAdfUWAJ7TEgDHsQ0A8I8JARltBAFCSwABayj8AZQG+AG85PIB5cLuAg6g7AI3fuQCYFzgAok63AKyGNgC2vbUAwPU0AMssswDVZDIA35uxAOnTLwD0Cq4A/kItAQh5rAESsSwBHOiqAScgKAExV6gBO48mAUXGpgFP/iQBWjWkAWRtIgFupKIBeNwgAYMTngGNSx4Bl4KcAaG6HAGr8ZoBtikaAcBgmAHKmBgB1M+WAd8HFgHpPpQB83YSAf////4H5Q/+EhyP/hxUDf4mi43+MMML/jr6i/5FMgn+T2mH/lmhB/5j2IX+bhAF/nhHg/6CfwP+jLaB/pbuAf6hJX/+q14CAO3F/gslQ/4VXMP+H5RBjYWZmAAEAAGRliBEB6mfMBHhHiAcGJ0AJlAbwDCHmsA6vxnARPaYgE8uF4BZZZaAY50VAG3UlAB4DBMAgkOSAIx7EQCWspAAoOoPAKshjgC1WQwAv5CLAMnICgDT/4kA3jcIAOhuhwDypgYA/N2FAQcVBAERTIIBG4QCASW7gAEv8wABOip+AURh/AFOmXwBWND5JRDOAWMIegFtP/gBd3d4AYGu9gGL5nYBlh30AaBVdAGqjPIBtMRwAb778AHJM24B02ruAd2ibAHn2ewB8hFoAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAgH8SOoCBoBn/hC35f4a72QAAAAAAAAAAAAAAAAAAAAAAAH+JSbj/i9eY/45leH+Q81h/k4E0/5YPF/+YnPd/myrW/524tv+gRpZ/otR2f6ViVf+n8DX/qn4Vf60L9X+vmdT/sie0/7S1lH+3Q3P/udFT/7xfM3++7RN/wXry/8QI0r/GlrJ/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAyQAAAAAAAAAAAAAAAAAAAAAAAAAkkg=="
        )!)

    @Test(.bug(id: "fuzz convert")) func resamplerRefusalIsAnErrorNotADoubleFree() throws {
        let scratch = try Scratch()
        let slow = try SoundFileBuilder.make(
            .aiff, format: StreamFormat(sampleRate: 10, channels: 1, coding: .integer(16, order: .bigEndian)),
            samples: [Int16](repeating: 9, count: 100))
        for (name, bytes) in [("fuzz.aifc", Self.resamplerDoubleFree), ("slow.aiff", slow)] {
            let input = try scratch.write(name, bytes)
            #expect {
                _ = try Converter(options: ConversionOptions(dataFormat: try OutputDataFormat(parsing: "ima4@11025")))
                    .convert(input: input, output: scratch.path("out.caf"))
            } throws: { error in
                let e = error as? AlertSoundError
                return e?.kind == .invalidRequest && e?.message.contains("1/256 to 256") == true
            }
        }
        #expect(scratch.contents == ["fuzz.aifc", "slow.aiff"])
    }
}
