// Writes the man page: the written page (seprank-sym.1.in) with its line @SUBCOMMAND_OPTIONS@ replaced by each
// subcommand's options, made from the command table (app/commands.hpp), as its --help lists them.
// Usage: man_page TEMPLATE OUTPUT
#include <cstdint>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <type_traits>
#include <variant>

#include "seprank/app/commands.hpp"

namespace {

// Text as roff prints it: a backslash and a hyphen escaped, a line never starting with a control character.
std::string roff(const std::string& text) {
  std::string out;
  for (char ch : text) {
    if (ch == '\\')
      out += "\\e";
    else if (ch == '-')
      out += "\\-";
    else
      out += ch;
  }
  if (!out.empty() && (out[0] == '.' || out[0] == '\'')) out = "\\&" + out;
  return out;
}

// The value an option takes, as --help's synopsis names it.
std::string value_name(const seprank::command_option& o) {
  return std::visit(
      [&](auto t) -> std::string {
        using T = decltype(t);
        if constexpr (std::is_same_v<T, seprank::range_target>)
          return "RANGE";
        else if constexpr (std::is_same_v<T, std::uint64_t*>)
          return "UINT";
        else if constexpr (std::is_same_v<T, std::string*>)
          return o.path ? "FILE" : "TEXT";
        else if constexpr (std::is_same_v<T, std::vector<std::string>*> || std::is_same_v<T, std::vector<long>*>)
          return "LIST";
        else
          return "INT";
      },
      o.target);
}

std::string subcommand_options() {
  std::ostringstream out;
  out << ".SH SUBCOMMAND OPTIONS\n"
      << "Each subcommand's own options, with their defaults (as \\fBseprank\\-sym\\fR \\fIsubcommand\\fR \\fB\\-\\-help\\fR lists "
         "them), and the main command's options it reads. Every subcommand also takes \\fB\\-\\-format\\fR, \\fB\\-\\-quiet\\fR, "
         "\\fB\\-\\-width\\fR and \\fB\\-\\-latex\\-fragment\\fR, before or after it, and the main command's "
         "\\fB\\-\\-threads\\fR (FLINT's threads; plan's own \\fB\\-\\-threads\\fR goes after it).\n";
  seprank::command_requests r;
  for (const seprank::command& c : seprank::subcommands()) {
    out << ".SS " << roff(c.name) << "\n";
    for (const seprank::command_option& o : c.options(r)) {
      const std::string def = seprank::default_text(o.target);
      out << ".TP\n"
          << (o.flag.rfind("--", 0) == 0 ? "\\fB" + roff(o.flag) + "\\fR \\fI" + value_name(o) + "\\fR"
                                         : "\\fI" + roff(o.flag) + "\\fR")
          << (def.empty() ? "" : " (default " + roff(def) + ")") << "\n"
          << roff(o.help.cli()) << "\n";
    }
    for (const auto& [flag, meaning] : c.main_options_read)
      out << ".TP\n\\fB" << roff(flag) << "\\fR (the main command's)\n" << roff(meaning) << "\n";
    if (!c.every_main_option_read.empty()) out << ".TP\nAlso read\n" << roff(c.every_main_option_read) << "\n";
  }
  return out.str();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: man_page TEMPLATE OUTPUT\n";
    return 2;
  }
  std::ifstream in(argv[1]);
  if (!in) {
    std::cerr << "man_page: cannot read " << argv[1] << "\n";
    return 2;
  }
  std::ostringstream page;
  int replaced = 0;
  for (std::string line; std::getline(in, line);) {
    if (line == "@SUBCOMMAND_OPTIONS@")
      page << subcommand_options(), ++replaced;
    else
      page << line << "\n";
  }
  if (replaced != 1) {
    std::cerr << "man_page: " << argv[1] << " must hold the line @SUBCOMMAND_OPTIONS@ once\n";
    return 2;
  }
  std::ofstream out(argv[2]);
  out << page.str();
  out.close();
  if (!out) {
    std::cerr << "man_page: cannot write " << argv[2] << "\n";
    return 1;
  }
  return 0;
}
