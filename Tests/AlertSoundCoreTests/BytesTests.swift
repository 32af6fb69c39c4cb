import Testing

@testable import AlertSoundCore

@Suite struct BytesTests {
    @Test func readsBothByteOrders() throws {
        var be = ByteReader([0x12, 0x34, 0x56, 0x78], order: .bigEndian)
        #expect(try be.u32() == 0x1234_5678)
        var le = ByteReader([0x12, 0x34, 0x56, 0x78], order: .littleEndian)
        #expect(try le.u16() == 0x3412)
        #expect(try le.i16() == 0x7856)
    }

    @Test func shortReadThrowsWithAbsoluteOffset() {
        var r = ByteReader([1, 2, 3], base: 100, order: .bigEndian)
        _ = try? r.u16()
        #expect(throws: ByteReaderError.truncated(offset: 102, needed: 4, available: 1)) { try r.u32() }
    }

    @Test(arguments: [8000.0, 11025, 22050, 44100, 48000, 96000, 192000, 0.5, 12345.678])
    func extended80RoundTrips(rate: Double) throws {
        var w = ByteWriter(order: .bigEndian)
        w.extended80(rate)
        var r = ByteReader(w.bytes, order: .bigEndian)
        #expect(try r.extended80() == rate)
    }

    @Test func extended80MatchesAppleBytesFor44100() throws {
        var w = ByteWriter(order: .bigEndian)
        w.extended80(44100)
        #expect(w.bytes == [0x40, 0x0E, 0xAC, 0x44, 0, 0, 0, 0, 0, 0])
    }

    @Test func extended80SpecialValues() {
        #expect(Extended80.decode(signAndExponent: 0, mantissa: 0) == 0)
        #expect(Extended80.decode(signAndExponent: 0x7FFF, mantissa: 1 << 63) == .infinity)
        #expect(Extended80.decode(signAndExponent: 0x7FFF, mantissa: 0xC000_0000_0000_0000).isNaN)
    }

    @Test func fourCCEscapesUnprintableBytes() {
        #expect(FourCC([0, 0, 8, 0x77]).description == "\\x00\\x00\\x08w")
        #expect(FourCC("aac ").lowercasedName == "aac")
    }

    /// The case-folded number stands for comparing lower-cased names (AIFF-C compression types):
    /// the same verdict on every pair of codes made from capitals, small letters, the letters just
    /// past each range, digits, a space and bytes that are not text.
    @Test func caseFoldedCodesCompareAsLowerCasedNames() {
        let letters: [UInt8] = [0x41, 0x5A, 0x61, 0x7A, 0x40, 0x5B, 0x60, 0x7B, 0x30, 0x20, 0x00, 0xC1, 0xE1]
        var codes: [FourCC] = []
        for a in letters { for b in letters { codes.append(FourCC([a, b, 0x20, 0x61])) } }
        codes += ["ULAW", "ulaw", "uLaW", "ima4", "IMA4", "raw ", "RAW ", "sowt", "SOWT"]
        for x in codes {
            for y in codes {
                #expect((x.caseFolded == y.caseFolded) == (x.lowercasedName == y.lowercasedName), "\(x) \(y)")
            }
        }
        #expect(FourCC("sOwT").description == "sOwT")
    }
}
