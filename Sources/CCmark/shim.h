#ifndef PARPAIR_CCMARK_SHIM_H
#define PARPAIR_CCMARK_SHIM_H
// libcmark, the CommonMark reference implementation: parsed by the CommonMark module only.
#include <cmark.h>
#endif
