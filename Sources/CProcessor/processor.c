// The functions are inline in include/CProcessor.h; this file makes the target a library.
#include "CProcessor.h"
