# Homebrew formula: builds alertsound from source with the Swift toolchain (Xcode's or the
# command-line tools'). `brew install --HEAD ./Formula/alertsound.rb` builds the checked-out
# tree; a tap adds `url` and `sha256` of a release tarball to build that tag.
class Alertsound < Formula
  desc "Check, convert and fix notification sounds for iOS (afconvert and afinfo for any machine)"
  homepage "https://github.com/alertsound/alertsound"
  license "Apache-2.0"
  head "https://github.com/alertsound/alertsound.git", branch: "main"

  depends_on xcode: ["16.0", :build]
  # Loaded at run time (dlopen) for the fallback decoder (MP3, FLAC, Ogg ...) and the
  # medium/best resamplers; alertsound checks and converts AIFF, WAV and CAF without them.
  depends_on "libsndfile"
  depends_on "libsamplerate"

  uses_from_macos "zlib"

  def install
    system "swift", "build", "--disable-sandbox", "-c", "release", "--product", "alertsound"
    bin.install ".build/release/alertsound"
    man1.install "man/alertsound.1"
    generate_completions_from_executable(bin/"alertsound", "--generate-completion-script")
  end

  test do
    system bin/"alertsound", "--version"
    (testpath/"empty").mkpath
    output = shell_output("#{bin}/alertsound check #{testpath}/empty 2>&1", 1)
    assert_match "no-sounds", output
  end
end
