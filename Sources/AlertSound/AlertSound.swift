// The AlertSound library is the core plus what needs C libraries; `import AlertSound` keeps giving
// everything, as before the split.
@_exported import AlertSoundCore
