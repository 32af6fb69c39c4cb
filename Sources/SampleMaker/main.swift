// Writes Samples/: a sound in each container and data format alertsound can write, and the
// kinds of broken file users really have. Everything is synthesised here; nothing is downloaded.
import AlertSound
import Foundation

let folder = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "Samples"
try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)

/// A two-tone chime with a soft attack and an exponential decay.
func chime(seconds: Double, rate: Double, channels: Int) -> [Int16] {
    let frames = Int(seconds * rate)
    var out = [Int16]()
    out.reserveCapacity(frames * channels)
    for i in 0..<frames {
        let t = Double(i) / rate
        let envelope = min(1, t / 0.01) * exp(-3 * t / seconds)
        let tone = 0.5 * sin(2 * .pi * 880 * t) + 0.3 * sin(2 * .pi * 1320 * t)
        for c in 0..<channels {
            let pan = channels == 1 ? 1 : (c == 0 ? 1 : 0.8)
            out.append(Int16((tone * envelope * pan * 26000).rounded()))
        }
    }
    return out
}

func write(_ name: String, _ bytes: [UInt8]) throws {
    try Data(bytes).write(to: URL(fileURLWithPath: folder).appendingPathComponent(name))
}

let mono16 = StreamFormat(sampleRate: 44100, channels: 1, coding: .integer(16, order: .bigEndian))
let stereo = StreamFormat(sampleRate: 44100, channels: 2, coding: .integer(16, order: .littleEndian))
let short = chime(seconds: 1.5, rate: 44100, channels: 1)
let shortStereo = chime(seconds: 1.5, rate: 44100, channels: 2)

try write("chime.caf", try SoundFileBuilder.make(.caff, format: mono16, samples: short))
try write(
    "chime-ima4.caf",
    try SoundFileBuilder.make(
        .caff, format: StreamFormat(sampleRate: 44100, channels: 2, coding: .ima4), samples: shortStereo))
try write(
    "chime-ima4.aifc",
    try SoundFileBuilder.make(
        .aifc, format: StreamFormat(sampleRate: 22050, channels: 1, coding: .ima4),
        samples: chime(seconds: 1.5, rate: 22050, channels: 1)))
try write("chime-stereo.caf", try SoundFileBuilder.make(.caff, format: stereo, samples: shortStereo))
try write("chime.aiff", try SoundFileBuilder.make(.aiff, format: mono16, samples: short))
try write("chime-sowt.aifc", try SoundFileBuilder.make(.aifc, format: stereo, samples: shortStereo))
try write(
    "chime-ulaw.aifc",
    try SoundFileBuilder.make(
        .aifc, format: StreamFormat(sampleRate: 44100, channels: 1, coding: .ulaw), samples: short))
try write(
    "chime-alaw.caf",
    try SoundFileBuilder.make(
        .caff, format: StreamFormat(sampleRate: 44100, channels: 1, coding: .alaw), samples: short))
try write(
    "chime-ulaw.wav",
    try SoundFileBuilder.make(
        .wave, format: StreamFormat(sampleRate: 44100, channels: 1, coding: .ulaw), samples: short))
try write(
    "chime.wav",
    try SoundFileBuilder.make(
        .wave, format: StreamFormat(sampleRate: 44100, channels: 1, coding: .integer(16, order: .littleEndian)),
        samples: short))
try write(
    "chime-24bit.wav",
    try SoundFileBuilder.make(
        .wave, format: StreamFormat(sampleRate: 48000, channels: 2, coding: .integer(24, order: .littleEndian)),
        samples: chime(seconds: 1, rate: 48000, channels: 2)))
try write(
    "chime-float.caf",
    try SoundFileBuilder.make(
        .caff, format: StreamFormat(sampleRate: 44100, channels: 1, coding: .float(32, order: .littleEndian)),
        samples: short))

// Over the limit: 31 s at 8 kHz keeps the file small.
let long = StreamFormat(sampleRate: 8000, channels: 1, coding: .integer(16, order: .littleEndian))
try write(
    "too-long.wav", try SoundFileBuilder.make(.wave, format: long, samples: chime(seconds: 31, rate: 8000, channels: 1))
)

// An MP3 stream named .caf, the most common real failure: silent MPEG-1 Layer III frames
// (128 kbit/s, 44.1 kHz, mono; 417 bytes each) behind an ID3v2.3 tag holding a title.
let title: [UInt8] = Array("TIT2".utf8) + [0, 0, 0, 6, 0, 0, 0] + Array("Chime".utf8)
var mp3: [UInt8] = Array("ID3".utf8) + [3, 0, 0, 0, 0, 0, UInt8(title.count)] + title
for _ in 0..<40 { mp3 += [0xFF, 0xFB, 0x90, 0xC4] + [UInt8](repeating: 0, count: 413) }
try write("not-really.caf", mp3)

// Damaged: the RIFF size is wrong and the data chunk claims more bytes than the file holds.
var damaged = try SoundFileBuilder.make(
    .wave, format: StreamFormat(sampleRate: 22050, channels: 1, coding: .integer(16, order: .littleEndian)),
    samples: chime(seconds: 1, rate: 22050, channels: 1))
damaged.removeLast(10_000)
try write("damaged.wav", damaged)

// Unreadable: an AIFF cut off in the middle of its COMM chunk.
try write("cut-short.aiff", Array(try SoundFileBuilder.make(.aiff, format: mono16, samples: short).prefix(30)))

print("wrote samples to \(folder)/")
