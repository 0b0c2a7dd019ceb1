// The command table (app/commands): each row binds into the requests it is given, its flags and ranges are its own,
// the main options it reads exist, and its run reads of the main command exactly what its row says.
#include <doctest/doctest.h>

#include <cctype>
#include <functional>
#include <set>

#include "seprank/app/commands.hpp"
#include "seprank/app/request_options.hpp"
#include "seprank/render/formats.hpp"
#include "seprank/support/errors.hpp"

using namespace seprank;

namespace {

// The address a target writes to.
const void* address_of(const command_target& t) {
  return std::visit(
      [](auto target) -> const void* {
        if constexpr (std::is_same_v<decltype(target), range_target>)
          return target.values;
        else
          return target;
      },
      t);
}

command_context context_given(std::set<std::string> given, output_format format = output_format::text) {
  command_context c;
  c.format = format;
  c.given = [given](const std::string& flag) { return given.count(flag) > 0; };
  c.progress = [](const std::string&) {};
  return c;
}

// A subcommand option's help, as its row writes it.
std::string help_of(const std::string& sub, const std::string& flag) {
  command_requests r;
  for (const command_option& o : subcommand_named(sub).options(r))
    if (o.flag == flag) return o.help.cli();
  return "none";
}

}  // namespace

TEST_CASE("every row binds into the requests it is given, with flags of its own") {
  std::set<std::string> names;
  for (const command& c : subcommands()) {
    CAPTURE(c.name);
    CHECK(names.insert(c.name).second);
    command_requests a, b;
    const auto in_a = c.options(a), in_b = c.options(b);
    REQUIRE(in_a.size() == in_b.size());
    std::set<std::string> flags;
    for (std::size_t k = 0; k < in_a.size(); ++k) {
      CAPTURE(in_a[k].flag);
      CHECK(flags.insert(in_a[k].flag).second);
      const auto* pa = static_cast<const char*>(address_of(in_a[k].target));
      const auto* pb = static_cast<const char*>(address_of(in_b[k].target));
      // Inside the requests given, at the same place in each: no row writes to a copy or a static.
      CHECK(pa >= reinterpret_cast<const char*>(&a));
      CHECK(pa < reinterpret_cast<const char*>(&a + 1));
      CHECK(pa - reinterpret_cast<const char*>(&a) == pb - reinterpret_cast<const char*>(&b));
      CHECK(in_a[k].help.cli().size() > 5);
      if (const auto* range = std::get_if<range_target>(&in_a[k].target))
        CHECK("--" + std::string(range->limits->option) == in_a[k].flag);  // the limits name the option by its id
      if (in_a[k].flag.rfind("--", 0) != 0) CHECK(c.name == "store");      // the one positional argument
      if (in_a[k].path) CHECK(std::holds_alternative<std::string*>(in_a[k].target));
    }
  }
  CHECK(names.size() == 9);
}

TEST_CASE("an option's id names it on each surface: the CLI's flag, Python's keyword (option_message)") {
  // The main command's keywords are the flags' ids as python_keyword writes them, so a message naming an option by
  // id is in Python's words without a table (the subcommands' keywords are made by python_keyword).
  for (const request_option& o : request_options()) {
    CAPTURE(o.flag);
    if (!o.keyword.empty()) CHECK(o.keyword == python_keyword(o.flag.substr(2)));
  }
  const option_message m = flag("verify") + " re-ranks units taken from a store: it needs " + setting("store", "FILE") +
                           "; " + value_name("max-beta2") + " = 0";
  CHECK(m.cli() == "--verify re-ranks units taken from a store: it needs --store FILE; max-beta2 = 0");
  CHECK(m.python() == "verify re-ranks units taken from a store: it needs store=FILE; max_beta2 = 0");
  CHECK(m.options() == std::vector<std::string>{"verify", "store", "max-beta2"});
  // Text is never read for names: a path with dashes and braces stays as given on both surfaces.
  const option_message p = flag("plot") + " /tmp/--time-limit {x}.svg: no";
  CHECK(p.cli() == "--plot /tmp/--time-limit {x}.svg: no");
  CHECK(p.python() == "plot /tmp/--time-limit {x}.svg: no");
  // An error keeps its parts: what() is the CLI's text.
  try {
    check_number(max_beta2_limits, 0);
    FAIL("max-beta2 = 0 is refused");
  } catch (const usage_error& e) {
    CHECK(std::string(e.what()) == "max-beta2 = 0 is out of range: must satisfy 1 <= max-beta2 <= 10000");
    CHECK(e.message().python() == "max_beta2 = 0 is out of range: must satisfy 1 <= max_beta2 <= 10000");
  }
  derivation_request r = default_request();
  r.verify = 2;
  try {
    validate(r);
    FAIL("--verify without --store is refused");
  } catch (const usage_error& e) {
    CHECK(std::string(e.what()) == "--verify re-ranks units taken from a store: it needs --store FILE");
    CHECK(e.message().python() == "verify re-ranks units taken from a store: it needs store=FILE");
  }
}

TEST_CASE("a help text names options by id: no flag is written as text, so Python's docstrings need no rewrite") {
  // Every help of both tables, in Python's words, holds no "--name" (a flag typed into the text would reach the
  // docstrings as CLI syntax); the four that name options say so on both surfaces (the CLI's text is --help's, the
  // Python text follows from the ids by python_keyword).
  auto no_flag_text = [](const std::string& text) {
    for (std::size_t i = text.find("--"); i != std::string::npos; i = text.find("--", i + 2))
      if (i + 2 < text.size() && std::isalpha(static_cast<unsigned char>(text[i + 2]))) return false;
    return true;
  };
  for (const request_option& o : request_options()) {
    CAPTURE(o.flag);
    CHECK(no_flag_text(o.help.python()));
  }
  command_requests r;
  for (const command& c : subcommands())
    for (const command_option& o : c.options(r)) {
      CAPTURE(c.name);
      CAPTURE(o.flag);
      CHECK(no_flag_text(o.help.python()));
    }
  auto main_help = [](const std::string& flag) {
    for (const request_option& o : request_options())
      if (o.flag == flag) return o.help;
    return option_message("none");
  };
  auto ends_with = [](const std::string& s, const std::string& tail) {
    return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
  };
  CHECK(ends_with(main_help("--max-memory").cli(), "(33 MiB at --L 3 --dx 3 --max-memory 20)"));
  CHECK(ends_with(main_help("--max-memory").python(), "(33 MiB at L=3 dx=3 max_memory=20)"));
  CHECK(main_help("--latex-fragment").cli() ==
        "LaTeX without a preamble, to paste into a paper (--format latex-fragment)");
  CHECK(main_help("--latex-fragment").options() == std::vector<std::string>{"format"});
  auto sub_help = [](const std::string& sub, const std::string& flag) {
    command_requests q;
    for (const command_option& o : subcommand_named(sub).options(q))
      if (o.flag == flag) return o.help;
    return option_message("none");
  };
  const option_message plot = sub_help("sweep", "--plot"), exported = sub_help("audit", "--export");
  CHECK(plot.options() == std::vector<std::string>{"plot-against"});
  CHECK(plot.cli().find("(or d_x, --plot-against dx)") != std::string::npos);
  CHECK(plot.python().find("(or d_x, plot_against=dx)") != std::string::npos);
  CHECK(exported.options() == std::vector<std::string>{"time-limit"});
  CHECK(exported.cli().find("stopped by --time-limit, the rows decided before it") != std::string::npos);
  CHECK(exported.python().find("stopped by time_limit, the rows decided before it") != std::string::npos);
}

TEST_CASE("a range option's help writes its limits (what --help and the docstrings show)") {
  CHECK(help_of("audit", "--dx") == "widths: a..b, a,b,c or a (1..10^6, at most 10^5 values)");
  CHECK(help_of("audit", "--L") == "depths: a..b, a,b,c or a (1..100)");
  CHECK(help_of("sweep", "--H") == "heads: a..b, a,b,c or a (1..64; values not dividing d_x are listed and skipped)");
  CHECK(help_of("hessian-ranks", "--d") == "sizes d of the symmetric d x d matrix M: a..b, a,b,c or a (1..128)");
  CHECK(help_of("bounds", "--dx") == "width d_x, 1..10^12");
}

TEST_CASE("an integer option's help shows the limits its check applies") {
  CHECK(help_of("sweep", "--N") == "positions, 2..64");
  CHECK(help_of("corollary2", "--max-beta2") == "largest beta_2 tried, 1..10000");
  CHECK(help_of("audit", "--H") == "heads, 1..10^6 (widths it does not divide are left out)");
  CHECK(help_of("corollary1", "--L") == "depth of the deep network, 2..10000 (a shallower depth must exist)");
  // The checks at both ends of those limits, through each row's run.
  auto refusal = [](const std::string& sub, const std::function<void(command_requests&)>& set) {
    command_requests r;
    r.sweep.dx = {1}, r.sweep.L = {1}, r.audit.L = {1}, r.audit.dx = {1};
    set(r);
    command_context c;
    c.given = [](const std::string&) { return false; };
    c.progress = [](const std::string&) {};
    try {
      (void)subcommand_named(sub).run(r, c);
    } catch (const usage_error& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  CHECK(refusal("sweep", [](command_requests& r) { r.sweep.N = 65; }) ==
        "N = 65 is out of range: must satisfy 2 <= N <= 64");
  CHECK(refusal("sweep", [](command_requests& r) { r.sweep.N = 1; }) ==
        "N = 1 is out of range: must satisfy 2 <= N <= 64");
  CHECK(refusal("corollary2", [](command_requests& r) { r.corollary2.max_beta2 = 10001; }) ==
        "max-beta2 = 10001 is out of range: must satisfy 1 <= max-beta2 <= 10000");
  CHECK(refusal("corollary2", [](command_requests& r) { r.corollary2.max_beta2 = 0; }) ==
        "max-beta2 = 0 is out of range: must satisfy 1 <= max-beta2 <= 10000");
  CHECK(refusal("corollary2", [](command_requests& r) { r.corollary2.max_beta2 = 1; }) == "accepted");
  CHECK(refusal("audit", [](command_requests& r) { r.audit.H = 1000001; }) ==
        "H = 1000001 is out of range: must satisfy 1 <= H <= 1000000");
  CHECK(refusal("audit", [](command_requests& r) { r.audit.H = 0; }) ==
        "H = 0 is out of range: must satisfy 1 <= H <= 1000000");
  CHECK(refusal("corollary1", [](command_requests& r) { r.corollary1.L = 10001; }) ==
        "L = 10001 is out of range: must satisfy 2 <= L <= 10000");
  CHECK(refusal("corollary1", [](command_requests& r) { r.corollary1.L = 1; }) ==
        "L = 1 is out of range: must satisfy 2 <= L <= 10000");
  CHECK(refusal("corollary1", [](command_requests& r) { r.corollary1.L = 2, r.corollary1.shallow = {1}; }) ==
        "accepted");
}

TEST_CASE("the main command's integer options state their limits, and their checks agree") {
  auto main_help = [](const std::string& flag) {
    for (const request_option& o : request_options())
      if (o.flag == flag) return o.help.cli();
    return std::string("none");
  };
  auto ends_with = [](const std::string& s, const std::string& tail) {
    return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
  };
  CHECK(ends_with(main_help("--threads"), ", 1..64"));
  CHECK(ends_with(main_help("--verify"), ", 0..10^6"));
  CHECK(ends_with(main_help("--seeds"), ", 1..1000"));
  CHECK(ends_with(main_help("--weight-range"), ", 1..10^9"));
  CHECK(ends_with(main_help("--max-grid-points"), ", at least 8"));
  auto refusal = [](const std::function<void(derivation_request&)>& set) {
    derivation_request r;
    set(r);
    try {
      validate(r);
    } catch (const usage_error& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  CHECK(refusal([](derivation_request& r) { r.threads = 65; }) ==
        "threads = 65 is out of range: must satisfy 1 <= threads <= 64");
  CHECK(refusal([](derivation_request& r) { r.threads = 64; }) == "accepted");
  CHECK(refusal([](derivation_request& r) { r.verify = 1000001; }) ==
        "verify = 1000001 is out of range: must satisfy 0 <= verify <= 1000000");
  CHECK(refusal([](derivation_request& r) { r.ranks.seeds = 1001; }) ==
        "seeds = 1001 is out of range: must satisfy 1 <= seeds <= 1000");
  CHECK(refusal([](derivation_request& r) { r.ranks.max_grid_points = 7; }) ==
        "max-grid-points = 7 is out of range: must be >= 8");
}

TEST_CASE("the main options a subcommand reads are the main command's, and only sweep keeps units") {
  std::set<std::string> main_flags;
  for (const request_option& o : request_options()) main_flags.insert(o.flag);
  for (const command& c : subcommands()) {
    CAPTURE(c.name);
    for (const auto& [flag, meaning] : c.main_options_read) {
      CHECK(main_flags.count(flag) == 1);
      CHECK(!meaning.empty());
    }
    CHECK((c.every_main_option_read.empty() || c.main_options_read.empty()));
    CHECK(c.units == (c.name == "sweep"));
  }
}

TEST_CASE("each run reads of the main command what its row says") {
  SUBCASE(
      "audit: --time-limit only when given (the main command's 60 s default does not apply); exact counts in JSON") {
    command_requests r;
    r.main.limits.max_seconds = 60;
    r.audit.L = {1}, r.audit.dx = {1, 2};
    const command& audit = subcommand_named("audit");
    audit.run(r, context_given({}));
    CHECK(r.audit.time_limit == 0);
    CHECK(!r.audit.exact_counts);
    const derivation d = audit.run(r, context_given({"--time-limit"}, output_format::json));
    CHECK(r.audit.time_limit == 60);
    CHECK(r.audit.exact_counts);
    CHECK(r.audit.rows);
    CHECK(!d.time_limited);  // two rows take far less than a minute
  }
  SUBCASE("hessian-ranks: --seed") {
    command_requests r;
    r.main.weights.seed = 7;
    r.hessian.level = {1}, r.hessian.d = {1};
    subcommand_named("hessian-ranks").run(r, context_given({}));
    CHECK(r.hessian.seed == 7);
    CHECK(r.hessian.time_limit == 0);
  }
  SUBCASE("plan: --residual, refused by the plan") {
    command_requests r;
    r.main.cfg.residual = true;
    CHECK_THROWS_AS(subcommand_named("plan").run(r, context_given({})), usage_error);
  }
  SUBCASE("bounds: --model excludes the sizes; without it the request's sizes") {
    command_requests r;
    r.bounds.models = {"bert-large"};
    CHECK_THROWS_WITH_AS(subcommand_named("bounds").run(r, context_given({"--model", "--dx"})),
                         "bounds --model sets L, d_x, H and N (the context length); --dx cannot be given with it",
                         usage_error);
    r.bounds.L = 3, r.bounds.dx = 5, r.bounds.H = 5;
    const derivation d = subcommand_named("bounds").run(r, context_given({"--L", "--dx", "--H"}));
    CHECK(render(d, output_format::json) == render(derive_bounds(atlas_config{3, 5, 5}, 0), output_format::json));
  }
}
