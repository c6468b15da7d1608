// The system SQLite library (Debian: libsqlite3-dev), for the todo tool's store.
#ifndef TOOLBOX_CSQLITE_SHIM_H
#define TOOLBOX_CSQLITE_SHIM_H

#include <sqlite3.h>

// SQLITE_TRANSIENT is a macro casting -1 to a function pointer, which Swift cannot import: bound text is
// copied by SQLite before sqlite3_bind_text returns.
static inline sqlite3_destructor_type csqlite_transient(void) { return SQLITE_TRANSIENT; }

#endif
