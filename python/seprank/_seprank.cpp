// The Python binding of seprank-sym (the package `seprank`, python/seprank/__init__.py): the app layer's
// commands with the CLI's validation and errors, the audit map as numpy arrays, the paper's closed forms,
// and the network's weights and exact forward pass. Long calls release the GIL and stop on Ctrl-C.
#include <pybind11/functional.h>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "seprank_version.hpp"

#include <gmpxx.h>

#include <algorithm>
#include <cmath>
#include <climits>
#include <cstdint>
#include <limits>
#include <optional>
#include <set>
#include <type_traits>
#include <variant>

#include "seprank/analysis/paper/bounds.hpp"
#include "seprank/analysis/paper/gram_count.hpp"
#include "seprank/analysis/paper/lower_bound.hpp"
#include "seprank/app/commands.hpp"
#include "seprank/app/option_help.hpp"
#include "seprank/app/pipeline.hpp"
#include "seprank/app/request_options.hpp"
#include "seprank/engine/network.hpp"
#include "seprank/model/weights.hpp"
#include "seprank/render/formats.hpp"
#include "seprank/render/html.hpp"
#include "seprank/render/markdown.hpp"
#include "seprank/model/presets.hpp"
#include "seprank/report/findings.hpp"
#include "seprank/report/format.hpp"
#include "seprank/support/errors.hpp"
#include "seprank/support/interrupt.hpp"
#include "seprank/support/parse.hpp"

namespace py = pybind11;
using namespace seprank;

namespace {

// Runs f with the GIL released and SIGINT turned into seprank::interrupted (KeyboardInterrupt in Python).
template <class F>
auto without_gil(F&& f) {
  interrupt_scope scope;
  py::gil_scoped_release release;
  return f();
}

// The progress callback: Python's callable under the GIL, or silence.
progress_fn progress_of(const py::object& callback) {
  if (callback.is_none()) return [](const std::string&) {};
  return [callback](const std::string& msg) {
    py::gil_scoped_acquire gil;
    callback(msg);
  };
}

// The main command's request from keyword options: every keyword of the one option table (app/request_options),
// converted to the member's type. The package checks the types and ranges first (TypeError / ValueError, with the
// keyword's name), from the types this table exports.
derivation_request request_of(const py::dict& o) {
  const auto& table = request_options();
  for (const auto& item : o) {
    const std::string k = py::str(item.first);
    const bool found = std::any_of(table.begin(), table.end(),
                                   [&](const request_option& opt) { return !opt.keyword.empty() && opt.keyword == k; });
    if (!found) throw usage_error("unknown option " + k);
  }
  derivation_request r = default_request();
  std::string partition_text;  // parsed last: it needs N
  for (const auto& opt : table) {
    if (opt.keyword.empty() || !o.contains(opt.keyword.c_str()) || o[opt.keyword.c_str()].is_none()) continue;
    const py::object v = o[opt.keyword.c_str()];
    std::visit(
        [&](auto* member) {
          using T = std::remove_pointer_t<decltype(member)>;
          if constexpr (std::is_same_v<T, std::optional<partition>>)
            partition_text = v.cast<std::string>();
          else if constexpr (std::is_same_v<T, weight_choice>)
            set_weights_text(*member, v.cast<std::string>());
          else
            *member = v.cast<T>();
        },
        opt.target(r));
  }
  set_partition_text(r, partition_text);
  return r;
}

// The option table with each keyword's default (a default request's member; None for a machine_default option)
// and type (bool, int, uint64, float, str), for the Python argument checks, signature, docstrings and the tests.
py::list request_option_table() {
  derivation_request r;
  py::list out;
  for (const auto& opt : request_options()) {
    py::dict d;
    d["flag"] = opt.flag, d["keyword"] = opt.keyword, d["help"] = opt.help.python();
    d["default"] = py::none();
    d["type"] = py::none();
    if (opt.target)
      std::visit(
          [&](auto* member) {
            using T = std::remove_pointer_t<decltype(member)>;
            constexpr bool text = std::is_same_v<T, std::string> || std::is_same_v<T, std::optional<partition>> ||
                                  std::is_same_v<T, weight_choice>;
            if constexpr (std::is_same_v<T, std::optional<partition>>) {
              d["default"] = "";  // the default partition; given as text ("1,3|2,4")
            } else if constexpr (std::is_same_v<T, weight_choice>) {
              d["default"] = weights_text(*member);  // "random"
            } else {
              if (!opt.machine_default) d["default"] = *member;
            }
            d["type"] = std::is_same_v<T, bool>            ? "bool"
                        : std::is_same_v<T, std::uint64_t> ? "uint64"
                        : std::is_same_v<T, double>        ? "float"
                        : text                             ? "str"
                                                           : "int";
          },
          opt.target(r));
    out.append(d);
  }
  return out;
}

// A subcommand's own options (its row in app/commands): flag, keyword, help, default (a range as its text, "1..8"; a
// list as a list), type (int, int64, uint64, str, path, list[str], list[int], range) and cli_only (why Python takes
// no keyword for it, or empty): the Python function of the same name is made from them (seprank._command).
py::list subcommand_option_table(const std::string& name) {
  command_requests r;
  py::list out;
  for (const command_option& opt : subcommand_named(name).options(r)) {
    if (opt.flag.rfind("--", 0) != 0) continue;  // a positional argument (store FILE)
    py::dict d;
    d["flag"] = opt.flag, d["help"] = opt.help.python();
    d["keyword"] = python_keyword(opt.flag.substr(2));
    d["cli_only"] = opt.cli_only;
    std::visit(
        [&](auto target) {
          using T = decltype(target);
          if constexpr (std::is_same_v<T, range_target>) {
            d["default"] = range_text(*target.values);
            d["type"] = "range";
          } else {
            using V = std::remove_pointer_t<T>;
            d["default"] = *target;
            d["type"] = std::is_same_v<V, int>                        ? "int"
                        : std::is_same_v<V, std::uint64_t>            ? "uint64"
                        : std::is_same_v<V, std::string>              ? (opt.path ? "path" : "str")
                        : std::is_same_v<V, std::vector<std::string>> ? "list[str]"
                        : std::is_same_v<V, std::vector<long>>        ? "list[int]"
                                                                      : "int64";
          }
        },
        opt.target);
    out.append(d);
  }
  return out;
}

// The defaults of request_of, for the Python signature's test.
py::dict request_defaults() {
  py::dict d;
  for (const auto& row : request_option_table()) {
    const py::dict e = row.cast<py::dict>();
    const std::string k = py::str(e["keyword"]);
    if (!k.empty()) d[k.c_str()] = e["default"];
  }
  return d;
}

double to_double(const big_float& v) { return v.convert_to<double>(); }

// A range option as Python gives it: its text ("2..4", "1,2,4"), parsed within its limits, or its integers.
std::vector<int> range_of(const py::object& v, const range_limits& lim) {
  if (py::isinstance<py::str>(v)) return parse_range(v.cast<std::string>(), lim);
  return v.cast<std::vector<int>>();
}

// A subcommand's request from Python keywords, as the CLI fills it (tools/seprank-sym.cpp): each keyword of a row sets
// the member the row names (a range as its text or its integers), a keyword of the main command's table sets the main
// request when the command reads it (main_options_read; sweep and annihilators read them all; --threads everywhere;
// --store and --verify only a command with units of work; --certificate none), anything else is refused. `given`
// holds the flags given, for the run's context. The package has checked each keyword's type (seprank._command).
struct command_call {
  command_requests requests;
  std::set<std::string> given;
};
command_call command_call_of(const command& c, const py::dict& options) {
  command_call call;
  std::set<std::string> own;  // the command's own keywords
  for (const command_option& opt : c.options(call.requests)) {
    if (opt.flag.rfind("--", 0) != 0 || !opt.cli_only.empty()) continue;
    const std::string kw = python_keyword(opt.flag.substr(2));
    own.insert(kw);
    if (!options.contains(kw.c_str()) || options[kw.c_str()].is_none()) continue;
    const py::object v = options[kw.c_str()];
    call.given.insert(opt.flag);
    std::visit(
        [&](auto target) {
          using T = decltype(target);
          if constexpr (std::is_same_v<T, range_target>) {
            *target.values = range_of(v, *target.limits);
          } else {
            using V = std::remove_pointer_t<T>;
            *target = v.cast<V>();
            if constexpr (std::is_same_v<V, std::string>)
              if (opt.path && target->empty()) throw usage_error(kw + "='' names no file");
          }
        },
        opt.target);
  }
  py::dict main;
  for (const auto& item : options) {
    const std::string kw = py::str(item.first);
    if (own.count(kw) > 0 || item.second.is_none()) continue;
    const auto& table = request_options();
    const auto row = std::find_if(table.begin(), table.end(),
                                  [&](const request_option& o) { return !o.keyword.empty() && o.keyword == kw; });
    if (row == table.end()) throw usage_error(c.name + " has no option " + kw);
    const std::string& flag = row->flag;
    const bool read = flag == "--threads" ||
                      (!c.every_main_option_read.empty() && flag != "--certificate" &&
                       (c.units || (flag != "--store" && flag != "--verify"))) ||
                      std::any_of(c.main_options_read.begin(), c.main_options_read.end(),
                                  [&](const auto& r) { return r.first == flag; });
    if (!read) throw usage_error(kw + " applies to the main command (derive), not to " + c.name);
    main[kw.c_str()] = item.second;
    call.given.insert(flag);
  }
  call.requests.main = request_of(main);
  return call;
}

// The rows of a command that one of Python's own paths reads (bounds' records, audit's arrays: they return data, not
// the row's run): a row it does not read, unless cli_only, fails the import, so that a new option cannot be silently
// ignored there (the build imports the package to write the stub, so the build fails and names it).
void check_rows_read(const std::string& name, const std::set<std::string>& reads) {
  command_requests r;
  for (const command_option& opt : subcommand_named(name).options(r))
    if (opt.cli_only.empty() && reads.count(opt.flag) == 0)
      throw std::logic_error("seprank." + name + ": the option " + opt.flag +
                             " of its row is not read by its Python "
                             "path (_seprank.cpp: check_rows_read and the function that builds it)");
}

// The paper's closed forms at one configuration, log_3 values as doubles (NaN where undefined), and the Gram
// count's log_3 (an upper bound when not exact).
py::dict bounds_record(const py::dict& options) {
  const command_call call = command_call_of(subcommand_named("bounds"), options);
  const bounds_request& b = call.requests.bounds;
  const long L = static_cast<long>(b.L), N = static_cast<long>(b.N);
  const atlas_config c{L, big_int(b.dx), big_int(b.H)};  // the request's integers, no text in between
  validate(c);
  const paper_bounds p = paper_bounds_of(c.L, c.dx, c.H);
  const double nan = std::numeric_limits<double>::quiet_NaN();
  py::dict d;
  d["L"] = L, d["dx"] = py::int_(py::str(c.dx.str())), d["H"] = py::int_(py::str(c.H.str()));
  d["regime"] = regime_key(p.reg);
  d["log3_dx"] = p.threshold;
  d["theorem1_lower_log3"] = p.t1.lower_defined ? to_double(p.t1.lower_log3) : nan;
  d["theorem1_upper_log3"] = to_double(p.t1.upper_log3);
  d["theorem2_lower_log3"] = p.t2.b2_defined ? to_double(p.t2.lower_log3) : nan;
  d["theorem2_upper_log3"] = to_double(p.t2.upper_log3);
  d["theorem2_upper_fraction_log3"] = to_double(p.t2.upper_log3_fraction);
  const gram_count_result g = gram_count(L, c.dx);
  d["gram_count_log3"] = to_double(g.log3);
  d["gram_count"] = g.exact ? py::object(py::int_(py::str(g.value.str()))) : py::object(py::none());
  // The proven lower bound of docs/theory.md, section 15 (at N; N = 0: every balanced N >= 2 d_x + 2): the lower end
  // of its log_3 interval (rounded down to a double), the exact value when short, its level and the N it holds
  // from; NaN / None where the theorem gives none. The slopes of log_3 sep in L (Corollary 15.3).
  std::optional<hessian_lower_bound> lower;
  std::optional<growth_slopes> slopes;  // none beyond d_x = 10^12
  if (c.dx <= big_int(1000000000000LL)) {
    lower = best_hessian_lower_bound(L, c.dx.convert_to<long>(), c.H.convert_to<long>(), true, N);
    slopes = growth_slopes_of(c.dx.convert_to<long>(), c.H.convert_to<long>(), N);
  }
  auto integer = [](const big_int& v) { return py::object(py::int_(py::str(v.str()))); };
  d["lower_bound_log3"] =
      lower ? full_double(lower->log3_lower, -1) : nan;  // as the CLI's JSON: the nearest double below
  d["lower_bound"] = lower && lower->exact ? integer(lower->value) : py::object(py::none());
  d["lower_bound_level"] = lower ? py::object(py::int_(lower->level)) : py::object(py::none());
  d["lower_bound_from_N"] = lower ? py::object(py::int_(lower->from_N)) : py::object(py::none());
  d["slope_lower"] = slopes && slopes->has_lower ? integer(slopes->lower) : py::object(py::none());
  d["slope_upper"] = slopes ? integer(slopes->upper) : py::object(py::none());
  d["slope_printed"] = slopes ? integer(slopes->printed) : py::object(py::none());
  // The best proven upper bound (the Gram count, or its refinement at H = 1; docs/theory.md, sections 4 and 14) where a
  // network exists (H divides d_x), as the CLI's bounds --format json gives it; and the N asked for (None: 0).
  std::optional<sep_bound> upper;
  if (c.dx <= big_int(1000000000000LL) && c.dx % c.H == 0)
    upper = upper_sep_bound(L, c.dx.convert_to<long>(), c.H.convert_to<long>());
  d["upper_bound_log3"] = upper ? full_double(upper->log3, +1) : nan;
  d["upper_bound"] = upper && upper->value > 0 ? integer(upper->value) : py::object(py::none());
  d["N"] = N > 0 ? py::object(py::int_(N)) : py::object(py::none());
  return d;
}

// The audit map as arrays: one row per configuration (L, d_x) with H dividing d_x, d_x outer and L inner (the map's
// order); each statement's deciding fact as a code into SOURCE_NAMES (-1: none) and its log_3, rounded toward safety.
py::dict audit_arrays(const py::dict& options) {
  const command_call call = command_call_of(subcommand_named("audit"), options);
  const audit_request& a = call.requests.audit;
  const std::vector<long> dx(a.dx.begin(), a.dx.end());
  const audit_map m = without_gil([&] { return audit_of(a.L, dx, a.H, false, a.N); });
  const auto n = static_cast<py::ssize_t>(m.rows.size());
  py::array_t<std::int64_t> Ls(n), dxs(n);
  py::array_t<std::int8_t> regimes(n);
  for (py::ssize_t i = 0; i < n; ++i) {
    const audit_row& r = m.rows[static_cast<std::size_t>(i)];
    Ls.mutable_at(i) = r.L, dxs.mutable_at(i) = r.dx, regimes.mutable_at(i) = static_cast<std::int8_t>(r.reg);
  }
  py::dict statements;
  for (paper_statement s : all_paper_statements) {
    py::array_t<std::int8_t> status(n);
    py::array_t<std::int32_t> from_N(n);
    py::array_t<double> bound(n), evidence_log3(n);
    py::array_t<std::int8_t> evidence(n);
    const double nan = std::numeric_limits<double>::quiet_NaN();
    for (py::ssize_t i = 0; i < n; ++i) {
      const statement_finding& f = m.rows[static_cast<std::size_t>(i)].findings[static_cast<std::size_t>(s)];
      // STATUS_NAMES: the verdicts in enum order, then "undefined" (a claimed statement whose bound is undefined).
      status.mutable_at(i) = static_cast<std::int8_t>(f.claimed && !f.defined ? 4 : static_cast<int>(f.status));
      from_N.mutable_at(i) = f.from_N;
      bound.mutable_at(i) = f.defined ? f.bound_log3.convert_to<double>() : nan;
      const bool has =
          f.status != verdict::not_claimed && f.defined;  // as evidence_json: none when not claimed or undefined
      evidence.mutable_at(i) = has ? static_cast<std::int8_t>(f.evidence.source) : std::int8_t{-1};
      evidence_log3.mutable_at(i) = has ? full_double(f.evidence.log3, f.evidence.is_upper() ? +1 : -1) : nan;
    }
    py::dict one;
    one["status"] = status, one["holds_from_N"] = from_N, one["log3_bound"] = bound;
    one["evidence"] = evidence, one["evidence_log3"] = evidence_log3;
    statements[statement_id(s)] = one;
  }
  py::dict d;
  d["L"] = Ls, d["dx"] = dxs, d["H"] = m.H, d["regime"] = regimes, d["statements"] = statements;
  d["skipped_not_dividing"] = m.skipped_not_dividing;
  return d;
}

network_config config_of(int L, int dx, int H, int N, bool residual) {
  network_config c;
  c.L = L, c.dx = dx, c.H = H, c.N = N, c.residual = residual;
  validate(c);
  return c;
}

using int_matrix = py::array_t<std::int64_t, py::array::c_style | py::array::forcecast>;

py::list weights_to_python(const integer_weights& w) {
  py::list layers;
  auto array_of = [](const dense_matrix<long>& m) {
    int_matrix a({m.rows(), m.cols()});
    for (int r = 0; r < m.rows(); ++r)
      for (int c = 0; c < m.cols(); ++c) a.mutable_at(r, c) = m(r, c);
    return a;
  };
  for (const auto& layer : w.layers) {
    py::list heads;
    for (const auto& h : layer) {
      py::dict d;
      d["Q"] = array_of(h.Q), d["K"] = array_of(h.K), d["V"] = array_of(h.V), d["O"] = array_of(h.O);
      heads.append(d);
    }
    layers.append(heads);
  }
  return layers;
}

// Weights from Python: layers[l][h] = {"Q", "K", "V", "O"} integer arrays of the shapes of eq. 3, passed as integers
// and checked as the library checks weights given in memory (check_weights: counts, shapes, magnitudes).
integer_weights weights_from_python(const network_config& c, const py::list& layers) {
  integer_weights w;
  const char* names[] = {"Q", "K", "V", "O"};
  for (std::size_t l = 0; l < layers.size(); ++l) {
    const py::list heads = layers[l].cast<py::list>();
    w.layers.emplace_back();
    for (std::size_t h = 0; h < heads.size(); ++h) {
      const py::dict d = heads[h].cast<py::dict>();
      head_weights<long> hw;
      dense_matrix<long>* blocks[] = {&hw.Q, &hw.K, &hw.V, &hw.O};
      for (int k = 0; k < 4; ++k) {
        const char* n = names[k];
        if (!d.contains(n))
          throw usage_error("weights: layer " + std::to_string(l + 1) + ", head " + std::to_string(h + 1) + " has no " +
                            n);
        const int_matrix a = d[n].cast<int_matrix>();
        if (a.ndim() != 2) throw usage_error(std::string("weights: W") + n + " must be a matrix");
        if (a.shape(0) > INT_MAX || a.shape(1) > INT_MAX)  // no shape of eq. 3: said as check_weights says it
          throw usage_error("the weights given: W" + std::string(n) + " " + std::to_string(l + 1) + " " +
                            std::to_string(h + 1) + " is " + std::to_string(a.shape(0)) + " x " +
                            std::to_string(a.shape(1)) + ", expected " + std::to_string(k == 3 ? c.dx : c.head_size()) +
                            " x " + std::to_string(k == 3 ? c.head_size() : c.dx));
        dense_matrix<long> m(static_cast<int>(a.shape(0)), static_cast<int>(a.shape(1)));
        for (py::ssize_t r = 0; r < a.shape(0); ++r)
          for (py::ssize_t col = 0; col < a.shape(1); ++col)
            m(static_cast<int>(r), static_cast<int>(col)) = static_cast<long>(a.at(r, col));
        *blocks[k] = std::move(m);
      }
      w.layers.back().push_back(std::move(hw));
    }
  }
  check_weights(w, c, "the weights given");
  return w;
}

py::list draw_weights_py(int L, int dx, int H, const py::object& seed, long range, bool residual) {
  const network_config c = config_of(L, dx, H, 2, residual);
  return weights_to_python(draw_weights(c, parse_seed(py::str(seed)), range));
}

// The literal forward pass of eq. 3 in exact integers: every position and entry of y^L.
py::list forward_py(int L, int dx, int H, bool residual, const py::list& weights, const int_matrix& x) {
  if (x.ndim() != 2 || x.shape(1) != dx)
    throw usage_error("x must be an N x d_x integer array with d_x = " + std::to_string(dx));
  const int N = static_cast<int>(x.shape(0));
  const network_config c = config_of(L, dx, H, N, residual);
  const integer_weights w = weights_from_python(c, weights);
  std::vector<std::vector<mpz_class>> y(N, std::vector<mpz_class>(dx));
  for (int j = 0; j < N; ++j)
    for (int r = 0; r < dx; ++r) y[j][r] = static_cast<long>(x.at(j, r));
  for (const auto& layer : w.layers) y = attention_layer<mpz_class, long>(c, layer, y);
  py::list out;
  for (const auto& row : y) {
    py::list values;
    for (const auto& v : row) values.append(py::int_(py::str(v.get_str())));
    out.append(values);
  }
  return out;
}

// Checks weights given from Python (counts, shapes, magnitudes) with the library's messages; nothing is kept.
void check_python_weights(int L, int dx, int H, bool residual, const py::list& weights) {
  weights_from_python(config_of(L, dx, H, 2, residual), weights);
}

std::string weight_file_text(int L, int dx, int H, bool residual, const py::list& weights) {
  const network_config c = config_of(L, dx, H, 2, residual);
  return format_weights(weights_from_python(c, weights));
}

// A subcommand run from Python keywords as the CLI runs it: its request filled through its rows, then its row's run.
derivation run_command(const std::string& name, const py::dict& options, const py::object& progress) {
  const command& c = subcommand_named(name);
  command_call call = command_call_of(c, options);
  set_thread_count(call.requests.main.threads);
  command_context context;
  context.given = [&call](const std::string& flag) { return call.given.count(flag) > 0; };
  context.progress = progress_of(progress);
  derivation out = without_gil([&] { return c.run(call.requests, context); });
  if (out.interrupted) throw interrupted();  // Ctrl-C is KeyboardInterrupt in Python, with or without rows done
  return out;
}

// The main command; `weights` (None, or layers[l][h] = {"Q", "K", "V", "O"} integer arrays: Network's) are passed
// in memory, checked as a weight file is.
derivation derive_py(const py::dict& options, const py::object& progress, const py::object& weights) {
  derivation_request r = request_of(options);
  validate(r.cfg);
  std::shared_ptr<const integer_weights> given;  // shapes checked first, the weights option's conflict last (as derive)
  if (!weights.is_none())
    given = std::make_shared<const integer_weights>(weights_from_python(r.cfg, weights.cast<py::list>()));
  validate(r);
  if (given) give_weights(r, given);
  set_thread_count(r.threads);
  const progress_fn p = progress_of(progress);
  return without_gil([&] { return derive(r, p); });
}

// Translates the library's errors: usage -> ValueError, refusal -> seprank.ResourceLimit (RuntimeError until the
// package registers it), Ctrl-C -> KeyboardInterrupt, time limit -> TimeoutError; each message names the options
// by their Python keywords (option_message: "time_limit", where the CLI writes "--time-limit").
void register_errors(py::module_& m) {
  static py::object resource_limit = py::none();
  m.def("_set_resource_limit", [](py::object cls) { resource_limit = cls; });
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const usage_error& e) {
      PyErr_SetString(PyExc_ValueError, e.message().python().c_str());
    } catch (const resource_error& e) {
      if (resource_limit.is_none()) {
        PyErr_SetString(PyExc_RuntimeError, e.message().python().c_str());
      } else {
        py::object err = resource_limit(e.message().python());
        PyErr_SetObject(resource_limit.ptr(), err.ptr());
      }
    } catch (const interrupted&) {
      PyErr_SetNone(PyExc_KeyboardInterrupt);
    } catch (const time_limit_reached& e) {
      PyErr_SetString(PyExc_TimeoutError, e.message().python().c_str());
    }
  });
}

// A derivation and its renderings.
void bind_derivation(py::module_& m) {
  py::class_<derivation>(m, "_Derivation")
      .def("to_json", [](const derivation& d) { return render(d, output_format::json); })
      .def(
          "to_text", [](const derivation& d, int width) { return render(d, output_format::text, width); },
          py::arg("width") = 0)
      .def("to_markdown", [](const derivation& d) { return render(d, output_format::markdown); })
      .def("to_latex",
           [](const derivation& d, bool fragment) {
             return render(d, fragment ? output_format::latex_fragment : output_format::latex);
           })
      .def("to_html", [](const derivation& d) { return render_html(d); })
      .def("html_steps", [](const derivation& d) { return render_html_steps(d); })
      .def("markdown_steps", [](const derivation& d) { return render_markdown_steps(d); })
      .def("summary", [](const derivation& d) { return summary_of(d); })
      .def_property_readonly("exit_status", [](const derivation& d) { return exit_status_of(d); });
}

// The commands' entry points and the helpers the package builds on.
void bind_functions(py::module_& m) {
  // An elimination abandoned on KeyboardInterrupt finishes in the background; the interpreter waits for it at exit.
  m.def("_wait_for_background_work", [] {
    py::gil_scoped_release release;
    wait_for_background_work();
  });
  m.def("derive", &derive_py, py::arg("options"), py::arg("progress") = py::none(), py::arg("weights") = py::none());
  m.def("derive_defaults", &request_defaults);
  m.def("request_options", &request_option_table);
  m.def("option_help", [] {  // (flag, help) with the options the help names written as keywords
    std::vector<std::pair<std::string, std::string>> t;
    for (const auto& [flag, help] : main_option_help()) t.emplace_back(flag, help.python());
    return t;
  });
  m.def("subcommand_options", &subcommand_option_table);
  m.def("subcommand_names", [] {  // the subcommands with options of their own, in the CLI's order
    std::vector<std::string> names;
    command_requests r;
    for (const command& c : subcommands())
      for (const command_option& o : c.options(r))
        if (o.flag.rfind("--", 0) == 0) {
          names.push_back(c.name);
          break;
        }
    return names;
  });
  m.def("run_command", &run_command, py::arg("name"), py::arg("options"), py::arg("progress") = py::none());
  m.def("bounds_record", &bounds_record);
  m.def("audit_arrays", &audit_arrays);
  m.def("draw_weights", &draw_weights_py);
  m.def("forward", &forward_py);
  m.def("weight_file_text", &weight_file_text);
  m.def("check_weights", &check_python_weights);
}

// The version and the enum tables the package reads instead of keeping copies.
void bind_tables(py::module_& m) {
  m.attr("__version__") = SEPRANK_VERSION;
  m.attr("STATUS_NAMES") =
      py::make_tuple(verdict_name(verdict::holds), verdict_name(verdict::contradicted),
                     verdict_name(verdict::undecided), verdict_name(verdict::not_claimed), "undefined");
  m.attr("REGIME_NAMES") = py::tuple(py::cast(regime_keys()));
  py::list sources;  // the audit's evidence kinds, by the enum's order (report/findings: sep_source_key)
  for (const sep_source s : {sep_source::nonzero, sep_source::gram_count, sep_source::refined_count,
                             sep_source::computed, sep_source::table, sep_source::hessian_bound})
    sources.append(sep_source_key(s));
  m.attr("SOURCE_NAMES") = py::tuple(sources);
  py::dict models;  // bounds --model's presets (model/presets.hpp)
  for (const model_preset& p : model_presets()) {
    py::dict one;
    one["name"] = p.name, one["L"] = p.L, one["dx"] = p.dx, one["H"] = p.H, one["N"] = p.context,
    one["source"] = p.source;
    models[p.key] = one;
  }
  m.attr("MODELS") = models;
  py::list statements;  // the audit's statements in its order, by their JSON ids (report/findings: statement_id)
  for (const paper_statement s : all_paper_statements) statements.append(statement_id(s));
  m.attr("STATEMENTS") = py::tuple(statements);
}

}  // namespace

PYBIND11_MODULE(_seprank, m) {
  m.doc() = "seprank-sym's library (use the package seprank)";
  check_rows_read("bounds", {"--L", "--dx", "--H", "--N"});  // bounds_record
  check_rows_read("audit", {"--L", "--dx", "--H", "--N"});   // audit_arrays
  register_errors(m);
  bind_derivation(m);
  bind_functions(m);
  bind_tables(m);
}
