// What Swift's Glibc module does not show: O_TMPFILE is a GNU extension defined through other macros.
#include <fcntl.h>

/// The flag for an unnamed temporary file in a folder, or 0 where the system has none.
static inline int alertsound_o_tmpfile(void) {
#if defined(O_TMPFILE)
    return O_TMPFILE;
#elif defined(__O_TMPFILE) && defined(O_DIRECTORY)
    return __O_TMPFILE | O_DIRECTORY;
#else
    return 0;
#endif
}
