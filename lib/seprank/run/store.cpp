#include "seprank/run/store.hpp"

#include "seprank/support/bounded_read.hpp"

#include <fcntl.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>
#include <sqlite3.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <exception>
#include <thread>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <optional>
#include <sstream>
#include <set>
#include <iostream>

#include "seprank/support/errors.hpp"
#include "seprank/support/interrupt.hpp"
#include "seprank/support/paths.hpp"

namespace seprank {

namespace {

// 2: units carry a keyed digest (a store of version 1 is upgraded in place; its units, without one, are recomputed).
constexpr int schema_version = 2;
constexpr std::size_t key_bytes = 32;

const char* schema =
    "CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);"
    "CREATE TABLE IF NOT EXISTS weights(hash TEXT PRIMARY KEY, text TEXT NOT NULL);"
    "CREATE TABLE IF NOT EXISTS units("
    "  method TEXT NOT NULL, version INTEGER NOT NULL, config TEXT NOT NULL, weights_hash TEXT NOT NULL,"
    "  unit TEXT NOT NULL, position INTEGER NOT NULL, data TEXT NOT NULL, seconds REAL NOT NULL,"
    "  memory_mb INTEGER NOT NULL, finished TEXT NOT NULL, digest TEXT,"
    "  PRIMARY KEY(method, version, config, weights_hash, unit));";

// Waiting for another process's write lock: until the run's time limit (the active deadline, or the store's own wait
// limit `until`), at most 30 s when there is none, and never past Ctrl-C; a stop is kept here (the handler cannot
// throw through SQLite) for the failed call to raise instead of a store error.
thread_local std::exception_ptr lock_wait_stopped;

int wait_for_lock(void* wait_until, int tries) {
  const auto until = *static_cast<const std::chrono::steady_clock::time_point*>(wait_until);
  try {
    check_interrupt();
    if (std::chrono::steady_clock::now() >= until) throw time_limit_reached();
  } catch (...) {
    lock_wait_stopped = std::current_exception();
    return 0;
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  return until != std::chrono::steady_clock::time_point::max() || tries < 600;  // 600 x 50 ms without a time limit
}

// An SQLite call failed: Ctrl-C or the time limit while it waited for a lock, else a store error naming the file.
// A full disk or a failed write is an output error (exit 6, as for any file we write), not a usage error.
[[noreturn]] void store_failure(const std::string& what, sqlite3* db = nullptr) {
  if (lock_wait_stopped) {
    const std::exception_ptr e = lock_wait_stopped;
    lock_wait_stopped = nullptr;
    std::rethrow_exception(e);
  }
  const int code = db ? sqlite3_extended_errcode(db) & 0xff : SQLITE_OK;
  if (code == SQLITE_FULL || code == SQLITE_IOERR)
    throw output_error(what);  // "database or disk is full", "disk I/O error"
  if (code == SQLITE_BUSY)
    throw usage_error(what + ": another process holds its write lock and kept it 30 s (a run with " +
                      flag("time-limit") + " waits up to its limit)");
  throw usage_error(what);
}

// A prepared statement, finalized at the end of its scope.
struct statement {
  sqlite3_stmt* s = nullptr;
  statement(sqlite3* db, const char* sql, const std::string& path) {
    if (sqlite3_prepare_v2(db, sql, -1, &s, nullptr) != SQLITE_OK)
      store_failure("store " + path + ": " + sqlite3_errmsg(db), db);
  }
  ~statement() { sqlite3_finalize(s); }
  statement(const statement&) = delete;
  statement& operator=(const statement&) = delete;
  void text(int i, const std::string& v) {
    sqlite3_bind_text(s, i, v.c_str(), static_cast<int>(v.size()), SQLITE_TRANSIENT);
  }
  // A unit's data: bytes (a grid band's values are binary), kept whole.
  void bytes(int i, const std::string& v) {
    sqlite3_bind_blob(s, i, v.data(), static_cast<int>(v.size()), SQLITE_TRANSIENT);
  }
  std::string bytes(int i) const {
    const auto* b = static_cast<const char*>(sqlite3_column_blob(s, i));
    return b ? std::string(b, static_cast<std::size_t>(sqlite3_column_bytes(s, i))) : std::string();
  }
  std::string column(int i) const {
    const auto* t = sqlite3_column_text(s, i);
    return t ? reinterpret_cast<const char*>(t) : "";
  }
};

// Parameters 1..5 of a statement on units: the key (method, version, configuration, weights hash, unit).
void bind_key(statement& q, const unit_batch& b, const std::string& hash, std::size_t unit) {
  q.text(1, b.method);
  sqlite3_bind_int(q.s, 2, b.version);
  q.text(3, b.config);
  q.text(4, hash);
  q.text(5, b.units[unit].name);
}

// A step that neither gives a row nor ends cleanly means a damaged database: an error, never a short answer.
bool next_row(const statement& q, sqlite3* db, const std::string& path) {
  const int rc = sqlite3_step(q.s);
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  if (rc == SQLITE_BUSY) store_failure("store " + path + ": locked by another process for more than 30 s");
  const int code = sqlite3_extended_errcode(db) & 0xff;
  if (code == SQLITE_FULL || code == SQLITE_IOERR) store_failure("store " + path + ": " + sqlite3_errmsg(db), db);
  store_failure("store " + path + ": damaged (SQLite: " + sqlite3_errmsg(db) + "); remove it or restore a copy");
}

// A unit's key fields and result, in the order its digest takes them: method, version, configuration, weights
// hash, unit name, position, data.
using unit_fields = std::vector<std::string>;
unit_fields fields_of(const std::string& method, int version, const std::string& config, const std::string& hash,
                      const std::string& unit) {
  return {method, std::to_string(version), config, hash, unit};
}

// HMAC-SHA256 under `key` of the unit's fields (unit_fields, then its position and data), each preceded by its
// length (no two different units give the same message), in hex.
std::string unit_digest(const std::string& key, unit_fields fields, long position, const std::string& data) {
  fields.push_back(std::to_string(position));
  fields.push_back(data);
  std::string msg;
  for (const std::string& f : fields) msg += std::to_string(f.size()) + ":" + f;
  unsigned char out[EVP_MAX_MD_SIZE];
  unsigned int n = 0;
  if (!HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()), reinterpret_cast<const unsigned char*>(msg.data()),
            msg.size(), out, &n))
    throw std::runtime_error("HMAC-SHA256 failed (OpenSSL)");
  std::string hex;
  char byte[3];
  for (unsigned int i = 0; i < n; ++i) std::snprintf(byte, sizeof byte, "%02x", out[i]), hex += byte;
  return hex;
}

// A key others can read, or one byte repeated, lets someone else re-sign a store's units: said once per key file
// on stderr (the run goes on; the digests still catch anyone without the key).
void warn_about_key(const std::string& path, const std::string& key) {
  static std::set<std::string> warned;
  if (!warned.insert(path).second) return;
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0 && (st.st_mode & 077) != 0) {
    char mode[8];
    std::snprintf(mode, sizeof mode, "%04o", static_cast<unsigned>(st.st_mode & 07777));
    std::cerr << "seprank-sym: warning: store key " << path << " can be read by others (mode " << mode
              << "): whoever reads it can re-sign a store's units; chmod 600 " << path << "\n";
  }
  if (key.find_first_not_of(key[0]) == std::string::npos)
    std::cerr << "seprank-sym: warning: store key " << path
              << " is one byte repeated: a weak key (remove it, and a new one "
              << "is drawn at random)\n";
}

// The key in `path`; when it is missing and `create`, 32 fresh random bytes written there first (mode 0600,
// written whole under a temporary name, then linked into place: of two processes creating it at once, one key
// wins and both use it). "" when it is missing and not `create`.
std::string read_key(const std::string& path, bool create) {
  auto existing = [&]() -> std::optional<std::string> {
    auto key = read_bounded(path, 4096, "store key");  // a key is 32 bytes; /dev/zero is not one
    if (!key) return std::nullopt;
    if (key->size() < 16)
      throw usage_error("store key " + path + ": " + std::to_string(key->size()) + " bytes; a key needs at least 16");
    warn_about_key(path, *key);
    return key;
  };
  if (auto k = existing()) return *k;
  if (!create) return {};
  for (std::size_t slash = path.find('/', 1); slash != std::string::npos; slash = path.find('/', slash + 1))
    ::mkdir(path.substr(0, slash).c_str(), 0700);  // the folders up to it (existing ones are left as they are)
  unsigned char key[key_bytes];
  if (RAND_bytes(key, sizeof key) != 1) throw std::runtime_error("no random bytes for the store key (OpenSSL)");
  const std::string part = path + ".part." + std::to_string(::getpid());
  const int fd = ::open(part.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  bool ok = fd >= 0 && ::write(fd, key, sizeof key) == static_cast<ssize_t>(sizeof key) && ::fsync(fd) == 0;
  int err = errno;
  if (fd >= 0) ::close(fd);
  if (ok && ::link(part.c_str(), path.c_str()) != 0) ok = errno == EEXIST, err = errno;  // EEXIST: another's won
  ::unlink(part.c_str());
  if (!ok)
    throw usage_error("store key " + path + ": cannot be written (" + std::strerror(err) +
                      "); set SEPRANK_STORE_KEY to a writable path");
  if (auto k = existing()) return *k;
  throw usage_error("store key " + path + ": written but not readable");
}

void exec(sqlite3* db, const char* sql, const std::string& path) {
  char* err = nullptr;
  if (sqlite3_exec(db, sql, nullptr, nullptr, &err) != SQLITE_OK) {
    const std::string what = err ? err : sqlite3_errmsg(db);
    sqlite3_free(err);
    store_failure("store " + path + ": " + what, db);
  }
}

// The read-only URI of a store (%, ? and # escaped): immutable when no writer can be active (no -wal file in a
// directory no one can write), else mode=ro.
std::string read_only_uri(const std::string& path, const std::string& dir) {
  std::string name = "file:";
  for (char ch : path) {  // a URI: %, ? and # are escaped
    if (ch == '%' || ch == '?' || ch == '#') {
      char hex[4];
      std::snprintf(hex, sizeof hex, "%%%02X", static_cast<unsigned char>(ch));
      name += hex;
    } else {
      name += ch;
    }
  }
  name += access(dir.c_str(), W_OK) != 0 && access((path + "-wal").c_str(), F_OK) != 0 ? "?immutable=1" : "?mode=ro";
  return name;
}

// Refuses a database that is not a store (or an empty one, unless creating), creates or upgrades the schema when
// writable, and refuses a schema version this tool does not read.
void open_store_schema(sqlite3* db, const std::string& path, bool create, bool read_only) {
  {  // a database with tables but without ours is someone else's: never written to
    statement t(db,
                "SELECT (SELECT count(*) FROM sqlite_master), (SELECT count(*) FROM sqlite_master WHERE name = 'meta')",
                path);
    sqlite3_step(t.s);
    if (sqlite3_column_int(t.s, 0) > 0 && sqlite3_column_int(t.s, 1) == 0)
      throw usage_error("store " + path + ": an SQLite database that is not a seprank-sym store");
    if (!create && sqlite3_column_int(t.s, 0) == 0)
      throw usage_error("store " + path + ": empty (no seprank-sym store)");
  }
  if (!read_only) {
    exec(db, "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;", path);
    exec(db, schema, path);
  }
  statement v(db, "SELECT value FROM meta WHERE key = 'schema'", path);
  if (next_row(v, db, path)) {
    if (v.column(0) == "1" && read_only) {
      throw usage_error("store " + path +
                        ": schema version 1, which this read-only file cannot be upgraded from (a run with " +
                        flag("store") + " upgrades it)");
    } else if (v.column(0) == "1") {  // units without digests: the column is added, and they count as absent
      exec(
          db,
          "BEGIN IMMEDIATE; ALTER TABLE units ADD COLUMN digest TEXT; UPDATE meta SET value = '2' WHERE key = 'schema'; COMMIT;",
          path);
    } else if (v.column(0) != std::to_string(schema_version)) {
      throw usage_error("store " + path + ": schema version " + v.column(0) + ", this tool reads version " +
                        std::to_string(schema_version));
    }
  } else if (!read_only) {
    exec(db,
         ("INSERT OR IGNORE INTO meta(key, value) VALUES('schema', '" + std::to_string(schema_version) + "')").c_str(),
         path);
  }
}

}  // namespace

std::string store_key_path() {
  if (const char* k = std::getenv("SEPRANK_STORE_KEY"); k && *k) return k;
  if (const char* x = std::getenv("XDG_CONFIG_HOME"); x && *x == '/') return std::string(x) + "/seprank-sym/store.key";
  if (const char* h = std::getenv("HOME"); h && *h == '/') return std::string(h) + "/.config/seprank-sym/store.key";
  return {};
}

std::string weights_hash(const std::string& text) {
  std::uint64_t a = 0xcbf29ce484222325ULL, b = 0x84222325cbf29ce4ULL;
  for (const unsigned char ch : text) {
    a = (a ^ ch) * 0x100000001b3ULL;
    b = (b ^ ch) * 0x100000001b3ULL + 0x9e3779b97f4a7c15ULL;
  }
  char out[33];
  std::snprintf(out, sizeof out, "%016llx%016llx", static_cast<unsigned long long>(a),
                static_cast<unsigned long long>(b));
  return out;
}

results_store::results_store(const std::string& path, bool create, double wait_seconds) : path_(path) {
  if (wait_seconds > 0 && wait_seconds <= 1e9)
    wait_until_ = std::chrono::steady_clock::now() + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                                         std::chrono::duration<double>(wait_seconds));
  // A listing of a store it cannot write (the file or its directory read-only) opens it read-only and writes nothing;
  // without a -wal file in a directory no one can write, no writer can be active: SQLite reads it as immutable
  // (it could not create its -shm file there otherwise).
  const std::string dir = directory_of(path);
  const bool read_only = !create && (access(path.c_str(), W_OK) != 0 || access(dir.c_str(), W_OK) != 0);
  if (create && access(dir.c_str(), W_OK) != 0 &&
      (access((path + "-wal").c_str(), W_OK) != 0 || access((path + "-shm").c_str(), W_OK) != 0))
    throw usage_error("store " + path + ": its directory " + dir +
                      " cannot be written (SQLite keeps the store's -wal and -shm "
                      "files beside it); `seprank-sym store " +
                      path + "` lists it read-only");
  std::string name = path;
  int flags = SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0) | SQLITE_OPEN_FULLMUTEX;
  if (read_only) {
    name = read_only_uri(path, dir);
    flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_FULLMUTEX;
  }
  if (sqlite3_open_v2(name.c_str(), &db_, flags, nullptr) != SQLITE_OK) {
    const std::string what = db_ ? sqlite3_errmsg(db_) : "cannot be opened";
    sqlite3_close(db_);
    db_ = nullptr;
    throw usage_error("store " + path + ": " + what);
  }
  try {
    // Another process may hold the write lock (one transaction per unit: short).
    sqlite3_busy_handler(db_, wait_for_lock, &wait_until_);
    open_store_schema(db_, path_, create, read_only);
    key_path_ = store_key_path();
    if (key_path_.empty() && create)
      throw usage_error("store " + path_ + ": no place for the key of its digests: set SEPRANK_STORE_KEY (or HOME)");
    if (!key_path_.empty()) key_ = read_key(key_path_, create);
  } catch (...) {
    sqlite3_close(db_);
    throw;
  }
}

results_store::~results_store() { sqlite3_close(db_); }

void results_store::check_digest(stored_unit& u, const std::string& digest) const {
  if (key_.empty()) return;  // a listing without a key file: unchecked
  u.digest = "valid";
  if (digest != unit_digest(key_, fields_of(u.method, u.version, u.config, u.weights_hash, u.unit), u.position, u.data))
    u.digest = "altered",
    u.rejected = "its keyed digest does not match (altered after it was written, or written under another key than " +
                 key_path_ + ")";
}

std::optional<stored_unit> results_store::find(const unit_batch& b, std::size_t unit) {
  const std::string hash = weights_hash(b.weights);
  statement w(db_, "SELECT text FROM weights WHERE hash = ?1", path_);
  w.text(1, hash);
  if (!next_row(w, db_, path_)) return std::nullopt;
  if (w.column(0) != b.weights)
    throw usage_error("store " + path_ + ": two different weight sets share the hash " + hash + " (use another store)");
  statement q(
      db_,
      "SELECT data, seconds, memory_mb, finished, position, digest FROM units WHERE method = ?1 AND version = ?2 AND "
      "config = ?3 AND weights_hash = ?4 AND unit = ?5",
      path_);
  bind_key(q, b, hash, unit);
  if (!next_row(q, db_, path_)) return std::nullopt;
  if (sqlite3_column_type(q.s, 5) == SQLITE_NULL) return std::nullopt;  // written by schema 1: recomputed
  stored_unit u{b.method,
                b.version,
                b.config,
                hash,
                b.units[unit].name,
                sqlite3_column_int64(q.s, 4),
                q.bytes(0),
                sqlite3_column_double(q.s, 1),
                static_cast<std::uint64_t>(sqlite3_column_int64(q.s, 2)),
                q.column(3),
                "",
                "unchecked"};
  check_digest(u, q.column(5));
  return u;
}

void results_store::put(const unit_batch& b, std::size_t unit, const unit_result& r) {
  const std::string hash = weights_hash(b.weights);
  exec(db_, "BEGIN IMMEDIATE", path_);
  try {
    statement w(db_, "INSERT OR IGNORE INTO weights(hash, text) VALUES(?1, ?2)", path_);
    w.text(1, hash);
    w.text(2, b.weights);
    if (sqlite3_step(w.s) != SQLITE_DONE) store_failure("store " + path_ + ": " + sqlite3_errmsg(db_), db_);
    statement q(
        db_,
        "INSERT OR REPLACE INTO units(method, version, config, weights_hash, unit, position, data, seconds, memory_mb, "
        "finished, digest) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, datetime('now'), ?10)",
        path_);
    bind_key(q, b, hash, unit);
    sqlite3_bind_int64(q.s, 6, static_cast<sqlite3_int64>(unit));
    q.bytes(7, r.data);
    sqlite3_bind_double(q.s, 8, r.seconds);
    sqlite3_bind_int64(q.s, 9, static_cast<sqlite3_int64>(r.memory_mb));
    q.text(10, unit_digest(key_, fields_of(b.method, b.version, b.config, hash, b.units[unit].name),
                           static_cast<long>(unit), r.data));
    if (sqlite3_step(q.s) != SQLITE_DONE) store_failure("store " + path_ + ": " + sqlite3_errmsg(db_), db_);
    exec(db_, "COMMIT", path_);
  } catch (...) {
    sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
    throw;
  }
}

std::vector<stored_unit> results_store::units() const {
  statement q(
      db_,
      "SELECT method, version, config, weights_hash, unit, position, data, seconds, memory_mb, finished, digest FROM units "
      "ORDER BY method, version, config, weights_hash, position",
      path_);
  std::vector<stored_unit> out;
  while (next_row(q, db_, path_)) {
    out.push_back({q.column(0), sqlite3_column_int(q.s, 1), q.column(2), q.column(3), q.column(4),
                   sqlite3_column_int64(q.s, 5), q.bytes(6), sqlite3_column_double(q.s, 7),
                   static_cast<std::uint64_t>(sqlite3_column_int64(q.s, 8)), q.column(9), "", "unchecked"});
    if (sqlite3_column_type(q.s, 10) == SQLITE_NULL)
      out.back().digest = "none";
    else
      check_digest(out.back(), q.column(10));
  }
  return out;
}

}  // namespace seprank
