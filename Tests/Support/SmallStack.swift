import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Runs work on a thread with the stack Apple gives a secondary thread (512 KiB), so a test on
/// Linux, whose threads have 8 MiB, fails where a Mac would: Swift Testing runs tests on such
/// threads there, and a library user's background queue on iOS has no more. A reader that
/// recurses once per level of its input overflows it, which takes the whole test process down
/// (no error to catch): the crash is the failure. ``stackUsed(_:)`` measures instead, with no crash.
public enum SmallStack {
    /// Apple's secondary threads' stack (`Thread.stackSize`'s default on macOS and iOS), or
    /// `ALERTSOUND_TEST_STACK_BYTES` when set (to try a reader on another size).
    public static let appleSecondaryThread =
        ProcessInfo.processInfo.environment["ALERTSOUND_TEST_STACK_BYTES"].flatMap { Int($0) } ?? 512 * 1024

    /// `body`'s result, run on a new thread of `bytes` of stack, waited for. What `body` makes and
    /// drops is freed on that thread; what it returns is freed by the caller, so return a summary
    /// (a depth, a count), not a deep value. `#expect` belongs after it, on the test's own thread:
    /// Swift Testing knows a test only on the task that runs it.
    public static func run<T>(bytes: Int = appleSecondaryThread, _ body: @escaping () throws -> T) throws -> T {
        let box = Box<T>(body)
        let thread = Thread { box.run() }
        thread.stackSize = bytes
        thread.start()
        box.done.wait()
        return try box.result!.get()
    }

    /// How many bytes of stack `body` used (its deepest point), run on a thread whose 8 MiB stack
    /// is memory of ours, filled with a pattern first: the bytes below the lowest one changed were
    /// never reached. Measures what would overflow a smaller stack without overflowing this one.
    /// Includes the thread's own start-up and, on Linux, its thread-local storage (a few KiB).
    public static func stackUsed<T>(_ body: @escaping () throws -> T) throws -> (used: Int, result: T) {
        let size = 8 << 20
        let pattern: UInt8 = 0xA5
        let stack = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 1 << 16)
        defer { stack.deallocate() }
        stack.initializeMemory(as: UInt8.self, repeating: pattern, count: size)
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstack(&attributes, stack, size)
        let box = Box<T>(body)
        let context = Unmanaged.passRetained(box).toOpaque()
        #if canImport(Darwin)
        var thread: pthread_t?
        let started = pthread_create(
            &thread, &attributes,
            { context in
                (Unmanaged<AnyObject>.fromOpaque(context).takeRetainedValue() as! Runnable).run()
                return nil
            }, context)
        #else
        var thread = pthread_t()
        let started = pthread_create(
            &thread, &attributes,
            { context in
                (Unmanaged<AnyObject>.fromOpaque(context!).takeRetainedValue() as! Runnable).run()
                return nil
            }, context)
        #endif
        guard started == 0 else { fatalError("pthread_create: \(started)") }
        #if canImport(Darwin)
        pthread_join(thread!, nil)
        #else
        pthread_join(thread, nil)
        #endif
        // The stack grows down, from the end of the memory.
        let bytes = UnsafeRawBufferPointer(start: stack, count: size)
        let untouched = bytes.firstIndex { $0 != pattern } ?? size
        return (size - untouched, try box.result!.get())
    }

    private protocol Runnable: AnyObject { func run() }

    private final class Box<T>: Runnable, @unchecked Sendable {
        let body: () throws -> T
        var result: Result<T, any Error>?
        let done = DispatchSemaphore(value: 0)
        init(_ body: @escaping () throws -> T) { self.body = body }
        func run() {
            result = Result { try body() }
            done.signal()
        }
    }
}
