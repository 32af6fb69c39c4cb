/// What a header may state and still be called a sound: anything else is `malformed`, so a
/// hostile or garbled header is never judged valid and never reaches a writer or a decoder.
/// `offset` is the field's byte, `chunkOffset` where its chunk starts.

/// Sample rates: finite, within `Limits.readableSampleRates`.
func checkSampleRate(_ rate: Double, chunk: FourCC, offset: Int64, chunkOffset: Int64? = nil) throws -> Double {
    guard rate.isFinite, rate > 0 else {
        throw AlertSoundError.malformed(
            "sample rate is \(rate.isNaN ? "NaN" : String(rate))", chunk: chunk, offset: offset,
            chunkOffset: chunkOffset)
    }
    guard Limits.readableSampleRates.contains(rate) else {
        let range = Limits.readableSampleRates
        throw AlertSoundError.malformed(
            "sample rate \(Formatting.number(rate)) Hz is not plausible (\(Formatting.number(range.lowerBound)) Hz to \(Formatting.number(range.upperBound)) Hz)",
            chunk: chunk, offset: offset, chunkOffset: chunkOffset)
    }
    return rate
}

/// Channel counts: 1 to `Limits.maximumChannels`.
func checkChannels<T: BinaryInteger>(_ count: T, chunk: FourCC, offset: Int64, chunkOffset: Int64? = nil) throws -> Int
{
    guard count > 0 else {
        throw AlertSoundError.malformed(
            "channel count is \(count)", chunk: chunk, offset: offset, chunkOffset: chunkOffset)
    }
    guard count <= Limits.maximumChannels else {
        throw AlertSoundError.malformed(
            "channel count \(count) is not plausible (at most \(Limits.maximumChannels))", chunk: chunk, offset: offset,
            chunkOffset: chunkOffset)
    }
    return Int(count)
}

/// Linear PCM sample layout: integers of 1 to 4 bytes, floats of 4 or 8 bytes holding exactly
/// 32 or 64 bits; the significant bits fit the bytes.
func checkPCM(
    isFloat: Bool, bytesPerSample: Int, bits: Int, chunk: FourCC, offset: Int64, chunkOffset: Int64? = nil
) throws {
    if isFloat {
        guard bytesPerSample == 4 || bytesPerSample == 8, bits == bytesPerSample * 8 else {
            throw AlertSoundError.malformed(
                "floating-point samples of \(bits) bits in \(bytesPerSample) bytes; only 32- and 64-bit floats exist",
                chunk: chunk, offset: offset, chunkOffset: chunkOffset)
        }
    } else {
        guard (1...4).contains(bytesPerSample), (1...bytesPerSample * 8).contains(bits) else {
            throw AlertSoundError.malformed(
                "integer samples of \(bits) bits in \(bytesPerSample) bytes; linear PCM is 8, 16, 24 or 32 bits wide",
                chunk: chunk, offset: offset, chunkOffset: chunkOffset)
        }
    }
}
