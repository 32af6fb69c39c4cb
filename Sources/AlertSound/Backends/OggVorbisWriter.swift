import AlertSoundCore
import CAudioLibraries

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Encodes Ogg Vorbis through libsndfile (Android's `res/raw` format of choice: small, and played
/// by every Android version), block by block from a reader.
enum OggVorbisWriter {
    /// libsndfile's VBR quality, 0...1: 0.5 is about 160 kbit/s for stereo 44.1 kHz, transparent
    /// for alert sounds.
    static let quality = 0.5

    /// The file's bytes, with every page's stream serial number set to `serial` (libsndfile picks
    /// a random one; a fixed one makes the same audio give the same bytes). libsndfile writes Ogg
    /// only to a file: a temporary one whose name is removed the moment it is made, before
    /// libsndfile writes to its descriptor, so a process killed while encoding (`kill -9`) leaves
    /// nothing behind; it is read back through the same descriptor.
    static func encode(_ reader: FrameReader, serial: UInt32) throws -> [UInt8] {
        let library = try AudioLibraries.sndfile(for: "to write Ogg Vorbis")
        let folder = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array("\(folder)/alertsound-ogg-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw AlertSoundError(.outputFailed, "cannot make a temporary file: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        unlink(String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        var info = as_sf_info()
        info.samplerate = Int32(reader.sampleRate)
        info.channels = Int32(reader.channels)
        info.format = Int32(AS_SF_FORMAT_OGG | AS_SF_FORMAT_VORBIS)
        // libsndfile keeps the descriptor open (close_desc 0): it is ours, read back below.
        guard let file = library.open_fd(descriptor, Int32(AS_SFM_WRITE), &info, 0) else {
            throw AlertSoundError(
                .unsupported, "libsndfile cannot write Ogg Vorbis here: \(String(cString: library.strerror(nil)))",
                suggestion: Suggestion(.installLibrary, library: "libsndfile"))
        }
        var closed = false
        defer { if !closed { _ = library.close(file) } }
        var quality = Self.quality
        _ = library.command(file, Int32(AS_SFC_SET_VBR_ENCODING_QUALITY), &quality, Int32(MemoryLayout<Double>.size))
        while case let block = try reader.read(maxFrames: 1 << 14), !block.isEmpty {
            let frames = block.count / reader.channels
            let written = block.withUnsafeBufferPointer {
                library.writef_double(file, $0.baseAddress, as_sf_count_t(frames))
            }
            guard written == frames else {
                throw AlertSoundError(.outputFailed, "libsndfile: \(String(cString: library.strerror(file)))")
            }
        }
        closed = true
        guard library.close(file) == 0 else {
            throw AlertSoundError(.outputFailed, "libsndfile could not finish the Ogg file")
        }
        var bytes = try readAll(descriptor)
        try OggPages.setSerial(serial, in: &bytes)
        return bytes
    }

    /// Everything in the file open at `descriptor`, from its start.
    private static func readAll(_ descriptor: Int32) throws -> [UInt8] {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw AlertSoundError(.outputFailed, "cannot read the Ogg file back: \(String(cString: strerror(errno)))")
        }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var done = 0
        while done < bytes.count {
            let got = bytes.withUnsafeMutableBytes {
                pread(descriptor, $0.baseAddress! + done, $0.count - done, off_t(done))
            }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else {
                throw AlertSoundError(
                    .outputFailed, "cannot read the Ogg file back: \(String(cString: strerror(errno)))")
            }
            done += got
        }
        return bytes
    }
}

/// Ogg's pages (RFC 3533): each starts `OggS`, carries its stream's serial number at byte 14 and
/// a CRC-32 of the page (polynomial 0x04C11DB7, unreflected, computed with the CRC field zero) at 22.
enum OggPages {
    static func setSerial(_ serial: UInt32, in bytes: inout [UInt8]) throws {
        var at = 0
        while at < bytes.count {
            guard at + 27 <= bytes.count, bytes[at..<at + 4].elementsEqual("OggS".utf8) else {
                throw AlertSoundError(.outputFailed, "the Ogg file libsndfile wrote has no page at byte \(at)")
            }
            let segments = Int(bytes[at + 26])
            guard at + 27 + segments <= bytes.count else {
                throw AlertSoundError(.outputFailed, "an Ogg page's segment table runs past the end")
            }
            let body = bytes[(at + 27)..<(at + 27 + segments)].reduce(0) { $0 + Int($1) }
            let end = at + 27 + segments + body
            guard end <= bytes.count else { throw AlertSoundError(.outputFailed, "an Ogg page runs past the end") }
            for i in 0..<4 { bytes[at + 14 + i] = UInt8(truncatingIfNeeded: serial >> UInt32(8 * i)) }
            for i in 0..<4 { bytes[at + 22 + i] = 0 }
            let crc = crc32(bytes[at..<end])
            for i in 0..<4 { bytes[at + 22 + i] = UInt8(truncatingIfNeeded: crc >> UInt32(8 * i)) }
            at = end
        }
    }

    static let table: [UInt32] = (0..<256).map { n -> UInt32 in
        var r = UInt32(n) << 24
        for _ in 0..<8 { r = r & 0x8000_0000 != 0 ? (r << 1) ^ 0x04C1_1DB7 : r << 1 }
        return r
    }

    static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0
        for byte in bytes { crc = (crc << 8) ^ table[Int((crc >> 24) ^ UInt32(byte))] }
        return crc
    }
}
