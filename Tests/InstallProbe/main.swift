// Runs the core as an app or a Notification Service Extension would, in a process of its own, so a
// test can read its peak memory and see what the core does without the AlertSound library:
//   InstallProbe SOUNDS_DIR FILE NAME   installs FILE with SoundInstaller; prints the file's name
//   InstallProbe --convert IN OUT       converts IN with Converter; prints the error's kind and message
// It links AlertSoundCore alone, as an app would.
import AlertSoundCore
import Foundation

let arguments = CommandLine.arguments
if arguments.count == 4, arguments[1] == "--convert" {
    do {
        let result = try Converter().convert(input: arguments[2], output: arguments[3])
        print("converted \(result.frames)")
    } catch let error as AlertSoundError {
        print("\(error.kind.rawValue): \(error.message)")
        exit(1)
    }
    exit(0)
}
guard arguments.count == 4 else {
    FileHandle.standardError.write(Data("usage: InstallProbe SOUNDS_DIR FILE NAME | --convert IN OUT\n".utf8))
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
