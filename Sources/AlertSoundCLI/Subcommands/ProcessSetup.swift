import AlertSound
import CSystemShims

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Conversion allocates a few hundred KiB a block and frees it again; glibc gives the top of the
/// heap back to the system after each block and faults it in afresh for the next. Measured on a
/// 29 s stereo IMA4 conversion: 2,303 page faults and 0.13 s of system time per 20 runs become
/// 890 and 0.09 s. The peak is unchanged: this only keeps what was already in use.
func keepHeapBetweenBlocks() {
    alertsound_keep_heap()
}

/// On SIGINT or SIGTERM, remove the unfinished output before dying, then die by the same signal.
/// The signals are unblocked too: a parent (a test runner, some CI agents) may have blocked them,
/// and then an interrupt would go unnoticed until the conversion finished.
func installCleanupOnSignals() {
    var set = sigset_t()
    sigemptyset(&set)
    for signalNumber in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&set, signalNumber) }
    sigprocmask(SIG_UNBLOCK, &set, nil)
    // Past `ulimit -f` the default SIGXFSZ kills the process where it stands; ignored, the write
    // fails with EFBIG and the conversion ends with an error and no temporary file.
    signal(SIGXFSZ, SIG_IGN)
    for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
        signal(signalNumber) { received in
            PendingOutputs.removeAll()
            signal(received, SIG_DFL)
            raise(received)
        }
    }
}
