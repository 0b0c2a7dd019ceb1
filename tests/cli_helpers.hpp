// The CLI tests' helpers (tests/test_cli*.cpp, one program): run seprank-sym, read its values, temporary files.
#pragma once
#include <doctest/doctest.h>

#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <tuple>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>
#include <algorithm>
#include <map>
#include <vector>

#include <nlohmann/json.hpp>
#include <set>

#include "skip.hpp"
#include "seprank/analysis/paper/audit_map.hpp"
#include "seprank/analysis/paper/certified_table.hpp"

namespace seprank_cli_test {

struct result {
  int status;
  std::string out;  // stdout and stderr
};

// Runs a shell command and returns its exit status and output.
inline result run_command(const std::string& cmd) {
  FILE* p = popen(cmd.c_str(), "r");
  REQUIRE(p != nullptr);
  std::string out;
  std::array<char, 4096> buf{};
  while (std::fgets(buf.data(), buf.size(), p)) out += buf.data();
  const int st = pclose(p);
  return {WIFEXITED(st) ? WEXITSTATUS(st) : -1, out};
}

inline std::string executable() {
  const char* exe = std::getenv("SEPRANK_SYM");
  REQUIRE_MESSAGE(exe != nullptr, "SEPRANK_SYM must name the executable");
  return exe;
}

// seprank-sym with these arguments; stdout and stderr together.
inline result run(const std::string& args) { return run_command(executable() + " " + args + " 2>&1"); }

inline bool contains(const std::string& s, const std::string& what) { return s.find(what) != std::string::npos; }

// A value line "  name    = value" of a step (the padding depends on the step's longest name).
inline bool has_value(const std::string& out, const std::string& name, const std::string& value) {
  std::istringstream in(out);
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("  " + name + " ", 0) != 0) continue;
    const auto eq = line.find(" = ");
    if (eq != std::string::npos && line.find_first_not_of(' ', 2 + name.size()) == eq + 1 &&
        line.substr(eq + 3) == value)
      return true;
  }
  return false;
}
// The value of the first value line "  name    = value" ("" when there is none).
inline std::string value_of(const std::string& out, const std::string& name) {
  std::istringstream in(out);
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("  " + name + " ", 0) != 0) continue;
    const auto eq = line.find(" = ");
    if (eq != std::string::npos && line.find_first_not_of(' ', 2 + name.size()) == eq + 1) return line.substr(eq + 3);
  }
  return "";
}
inline int lines(const std::string& s) {
  int n = 0;
  for (char ch : s) n += ch == '\n';
  return n;
}

// Every (arguments, message) pair must fail with exit status 2 and one line containing the message.
inline void expect_usage_errors(const std::vector<std::pair<std::string, std::string>>& cases,
                                const std::string& extra = "") {
  for (const auto& [args, msg] : cases) {
    CAPTURE(args);
    const auto r = run(args + extra);
    CHECK(r.status == 2);
    CHECK(contains(r.out, msg));
    CHECK(lines(r.out) == 1);
  }
}

inline std::string read_file(const std::string& path) {
  std::ifstream in(path);
  INFO("reading ", path);
  REQUIRE(in.good());
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// A python3 that has numpy (the certificate checker's one dependency), or "" when none.
inline std::string python_with_numpy() {
  for (const char* py : {"python3", "/usr/bin/python3"})
    if (run_command(std::string(py) + " -c 'import numpy' > /dev/null 2>&1").status == 0) return py;
  return "";
}

inline std::string temp_path(const std::string& name) {
  const char* dir = std::getenv("TMPDIR");
  return std::string(dir ? dir : "/tmp") + "/seprank_test_" + std::to_string(getpid()) + "_" + name;
}

// Runs seprank-sym with these arguments in a format (it must succeed) and writes its output to a temporary file.
inline std::string output_file(const std::string& args, const std::string& format, const std::string& name) {
  const auto r = run(args + " --format " + format + " --quiet");
  REQUIRE(r.status == 0);
  const std::string file = temp_path(name);
  std::ofstream(file) << r.out;
  return file;
}

// pdflatex on `tex` in a fresh directory: the exit status and the log's warnings of the kinds the
// issue names (undefined control sequences, overfull boxes, LaTeX and package warnings, errors).
inline std::pair<int, std::string> compile_latex(const std::string& tex, const std::string& name) {
  const char* pdflatex = std::getenv("PDFLATEX");
  REQUIRE_MESSAGE(pdflatex != nullptr, "PDFLATEX must name pdflatex (meson passes it when found)");
  const std::string dir = temp_path(name);
  REQUIRE(std::system(("mkdir -p " + dir).c_str()) == 0);
  std::ofstream(dir + "/d.tex") << tex;
  const std::string cmd = std::string(pdflatex) + " -halt-on-error -interaction=nonstopmode -output-directory " + dir +
                          " " + dir + "/d.tex > /dev/null 2>&1";
  const int status = std::system(cmd.c_str());
  const auto warnings =
      run_command("grep -E 'Undefined control|Overfull|LaTeX Warning|Package .* Warning|^!' " + dir + "/d.log");
  const bool pdf = std::ifstream(dir + "/d.pdf").good();
  std::system(("rm -rf " + dir).c_str());
  return {status == 0 && pdf ? 0 : 1, warnings.out};
}

// The output without the lines that say which values came from the results store.
inline std::string without_store_lines(const std::string& out) {
  std::istringstream in(out);
  std::string kept;
  for (std::string line; std::getline(in, line);)
    if (!contains(line, "from the results store")) kept += line + "\n";
  return kept;
}

struct store_file {
  std::string path = "/tmp/seprank_cli_store_" + std::to_string(getpid()) + ".db";
  store_file() { clear(); }
  ~store_file() { clear(); }
  void clear() const {
    for (const char* suffix : {"", "-wal", "-shm"}) std::remove((path + suffix).c_str());
  }
};

// The words of a text, in order: wrapping may change only the whitespace between them.
inline std::vector<std::string> words_of(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> w;
  for (std::string x; in >> x;) w.push_back(x);
  return w;
}

// A fresh directory under the system's temporary directory, removed with its contents at the end of the scope.
struct temp_dir {
  std::filesystem::path path;
  temp_dir() {
    std::string pattern = (std::filesystem::temp_directory_path() / "seprank-test-XXXXXX").string();
    REQUIRE(mkdtemp(pattern.data()) != nullptr);
    path = pattern;
  }
  ~temp_dir() { std::filesystem::remove_all(path); }
  std::string operator/(const std::string& name) const { return (path / name).string(); }
};

inline std::string file_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// The text between the first line starting with `from` and the next blank line.
inline std::string block_of(const std::string& out, const std::string& from) {
  const auto a = out.find(from);
  if (a == std::string::npos) return "";
  const auto b = out.find("\n\n", a);
  return out.substr(a, b == std::string::npos ? std::string::npos : b - a);
}

}  // namespace seprank_cli_test
