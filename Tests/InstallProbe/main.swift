// Installs one sound with SoundInstaller, as an app or a Notification Service Extension would, in
// a process of its own so a test can read its peak memory: `InstallProbe SOUNDS_DIR FILE NAME`.
// Prints the installed file's name.
import AlertSound
import Foundation

let arguments = CommandLine.arguments
guard arguments.count == 4 else {
    FileHandle.standardError.write(Data("usage: InstallProbe SOUNDS_DIR FILE NAME\n".utf8))
    exit(64)
}
let installer = SoundInstaller(soundsDirectory: URL(fileURLWithPath: arguments[1]))
do {
    let sound = try await installer.install(contentsOf: URL(fileURLWithPath: arguments[2]), named: arguments[3])
    print(sound.fileName)
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}
