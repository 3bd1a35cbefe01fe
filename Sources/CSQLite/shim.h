#ifndef PARPAIR_CSQLITE_SHIM_H
#define PARPAIR_CSQLITE_SHIM_H
#include <sqlite3.h>
#endif
