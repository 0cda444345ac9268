// The hints are inline functions in include/CCacheHint.h; this file makes the target a library.
#include "CCacheHint.h"
