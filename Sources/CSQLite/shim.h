// The system SQLite library (Debian: libsqlite3-dev), for the todo tool's store.
#ifndef TOOLBOX_CSQLITE_SHIM_H
#define TOOLBOX_CSQLITE_SHIM_H

#include <sqlite3.h>

// SQLITE_TRANSIENT is a macro casting -1 to a function pointer, which Swift cannot import: bound text is
// copied by SQLite before sqlite3_bind_text returns.
static inline sqlite3_destructor_type csqlite_transient(void) { return SQLITE_TRANSIENT; }

// sqlite3_config is variadic, which Swift cannot call. Turns off SQLite's memory statistics (nothing in toolbox
// reads them), so that its allocations do not each lock the global statistics mutex. Call before the first
// connection opens; SQLITE_MISUSE afterwards (the setting then stays as it was).
static inline int csqlite_disable_memory_statistics(void) { return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0); }

#endif
