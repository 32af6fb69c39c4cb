// The declaration is all this target provides; the definition comes from libFuzzer at link time.
#include "FuzzDriver.h"
