# Homebrew formula. The repository is its own tap:
#   brew tap alertsound/alertsound https://github.com/alertsound/alertsound
#   brew install alertsound           # the latest release (url and sha256 below, once one exists)
#   brew install --HEAD alertsound    # the main branch
# For each version tag the release workflow writes `url`, `sha256` and `livecheck` here
# (scripts/dist/formula). Builds with Xcode's Swift toolchain (Xcode 16 or later: `depends_on xcode`
# below; the Command Line Tools alone do not satisfy it).
class Alertsound < Formula
  desc "Check, convert and fix iOS notification sounds (afconvert and afinfo anywhere)"
  homepage "https://github.com/alertsound/alertsound"
  license "Apache-2.0"
  head "https://github.com/alertsound/alertsound.git", branch: "main"

  # Swift 6 (swift-tools-version 6.0): Xcode 16 on macOS 14 or later (macos: :sonoma alone would let
  # Xcode 15 try); Homebrew's swift on Linux.
  depends_on xcode: ["16.0", :build]
  # Loaded at run time (dlopen) for the fallback decoder (MP3, FLAC, Ogg, WAV ADPCM ...) and the
  # medium/best resamplers; alertsound checks and converts AIFF, WAV and CAF without them. `brew
  # linkage` cannot see a dlopen: the test below converts through both, which it could not without them.
  depends_on "libsamplerate"
  depends_on "libsndfile"
  depends_on macos: :sonoma

  uses_from_macos "swift" => :build
  uses_from_macos "zlib"

  def install
    # The dependencies at the exact versions the release builds with (scripts/dist/pins says why the
    # pins live there and not in Package.swift).
    system "scripts/dist/pin", "--disable-sandbox"
    system "swift", "build", "--disable-sandbox", "-c", "release", "--product", "alertsound"
    bin.install ".build/release/alertsound"
    man1.install "man/alertsound.1"
    generate_completions_from_executable(bin/"alertsound", "--generate-completion-script")
  end

  # A little-endian RIFF WAV: `fmt` holds the format-chunk fields after the tag.
  def wav(tag, fmt, data)
    body = ["WAVE", "fmt ", 2 + fmt.bytesize].pack("a4a4V") + [tag].pack("v") + fmt +
           ["data", data.bytesize].pack("a4V") + data
    ["RIFF", body.bytesize].pack("a4V") + body
  end

  test do
    system bin/"alertsound", "--version"
    (testpath/"empty").mkpath
    assert_match "no-sounds", shell_output("#{bin}/alertsound check #{testpath}/empty 2>&1", 1)
    # 0.1 s of a 441 Hz tone, 16-bit mono at 44.1 kHz: converted to IMA4 by alertsound itself, and at
    # an odd rate, which needs libsamplerate (loaded with dlopen).
    tone = (0...4410).map { |i| (8000 * Math.sin(2 * Math::PI * 441 * i / 44_100)).round }.pack("s<*")
    (testpath/"tone.wav").binwrite wav(1, [1, 44_100, 88_200, 2, 16].pack("vVVvv"), tone)
    system bin/"alertsound", "convert", testpath/"tone.wav", testpath/"tone.caf"
    system bin/"alertsound", "convert", testpath/"tone.wav", testpath/"odd.caf", "-d", "ima4@44101"
    assert_match "valid", shell_output("#{bin}/alertsound check #{testpath}/odd.caf")
    # WAV IMA ADPCM (one 256-byte block of 505 frames), which only libsndfile decodes here.
    block = [0, 0, 0].pack("s<CC") + ("\x00" * 252)
    (testpath/"adpcm.wav").binwrite wav(0x11, [1, 8000, 4055, 256, 4, 2, 505].pack("vVVvvvv"), block)
    system bin/"alertsound", "convert", testpath/"adpcm.wav", testpath/"adpcm.caf"
    assert_match "505", shell_output("#{bin}/alertsound info #{testpath}/adpcm.caf")
  end
end
