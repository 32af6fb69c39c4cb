/// What Apple's writers share across file types: the first audio byte of a new file sits at 4096
/// (one page), the header padded up to it (`free` in CAF, `FLLR` in AIFF and WAV).
enum AppleLayout {
    static let audioOffset = 4096
}
