/// Chunk and format codes as the readers name what they recognise but do not decode.
extension FourCC {
    /// The name of a coding this code stands for but no reader decodes: ``lowercasedName``, unless
    /// that is the name of a coding alertsound knows (`Lpcm`, `ULAW`), which this code is not: then
    /// as written, so a report never calls it what it is not.
    var otherCodingName: String {
        let name = lowercasedName
        guard name == SampleCoding.pcmCode || SampleCoding.named[name] != nil else { return name }
        var text = description
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }
}
