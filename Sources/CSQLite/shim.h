#ifndef PARPAIR_CSQLITE_SHIM_H
#define PARPAIR_CSQLITE_SHIM_H
#include <sqlite3.h>

/// sqlite3_db_config is variadic, which Swift cannot call: the integer-flag form, with the
/// setting's new value read back into *result.
static inline int parpair_sqlite3_db_config_flag(sqlite3 *db, int op, int value, int *result) {
    return sqlite3_db_config(db, op, value, result);
}
#endif
