#include "seprank/report/atlas_report.hpp"

#include "seprank/report/answer.hpp"
#include "seprank/report/findings.hpp"
#include "seprank/report/format.hpp"

namespace seprank {
std::string config_text(const atlas_config& c) {
  return "$L = " + std::to_string(c.L) + "$, $d_x = " + c.dx.str() + "$, $H = " + c.H.str() + "$";
}

namespace {

using S = claim_status;

// Decimal digits of 3^v (for deciding whether an exact integer is worth printing).
big_float decimal_digits(const big_float& log3_value) { return log3_value * log10(big_float(3)); }

json config_json(const atlas_config& c) { return json{{"L", c.L}, {"dx", exact_json(c.dx)}, {"H", exact_json(c.H)}}; }

std::string head_note(const atlas_config& c) {
  return c.dx % c.H == 0
             ? ""
             : "$H = " + c.H.str() + "$ does not divide $d_x = " + c.dx.str() + "$" +
                   ", so no network with equal heads of integer size exists; the closed forms only use H as a "
                   "number and are evaluated anyway (as in the paper's own Corollary 1 example). ";
}

std::string vacuity(const big_float& lower) {
  return lower <= 0 ? "vacuous ($<= 0$ in $log_3$: it only says $sep >= 3^(" + format_float(lower, 3) + ")$)"
                    : "not vacuous";
}

}  // namespace

derivation_step lower_bound_step(const std::optional<hessian_lower_bound>& lower, const std::string& why_none) {
  derivation_step s{
      "A proven lower bound at every size (docs/theory.md, section 15)",
      "$sep >= 2 binom(r + n, n)$ for almost every weight: $y_p = gamma^n f$ at special weights, "
      "$gamma = b^T M^g b$, $g = 3^{l_0}$, $n = (3^{L - l_0} - 1)/2$, $r + 1$ the sum over the heads' blocks of "
      "$rho_g(d) = D(d) - D(max(d - g + 1, 0))$, the Hessian rank of $gamma$ on a block of $d$ coordinates (Theorem 15.1)",
      {},
      claim_status::computed,
      "",
      "lower-bound"};
  if (!lower) {
    s.status = claim_status::skipped;
    s.check = why_none;
    return s;
  }
  const hessian_lower_bound& h = *lower;
  s.values.push_back({"level $l_0$", str(static_cast<long long>(h.level)), {}, h.level});
  s.values.push_back(exact_value(
      "block width $d$ per head", static_cast<long long>(h.width),
      str(static_cast<long long>(h.width)) +
          (h.heads > 1 ? " in each of " + str(static_cast<long long>(h.heads)) + " heads" : std::string()) +
          (h.rest_width > 0 ? " and " + str(static_cast<long long>(h.rest_width)) + " in one more" : std::string()) +
          (h.padded ? " (zero padding: the bound of a narrower network at this $N$)" : std::string())));
  s.values.back().key = "width";
  s.values.push_back(exact_value("$rho_g(d)$ (Theorem 15.1)", h.rho));
  s.values.back().key = "rho";
  if (h.rest_width > 0) s.values.push_back(exact_value("$rho_g$ of the narrower block", h.rho_rest));
  s.values.push_back(exact_value("$r$", h.r));
  if (h.n < big_int("1000000000000000000000000000000"))
    s.values.push_back(exact_value("$n = (3^{L - l_0} - 1)/2$", h.n));
  else
    s.values.push_back({"$n = (3^{L - l_0} - 1)/2$", "$(3^{" + str(static_cast<long long>(h.L - h.level)) +
                                                         "} - 1)/2$ (" + str(big_int(h.n.str().size())) + " digits)"});
  if (h.exact && h.value < big_int("1" + std::string(60, '0')))
    s.values.push_back(exact_value("$2 binom(r + n, n)$", h.value));
  s.values.push_back(bound_end_value("$log_3$ of the bound, at least", h.log3_lower, true));
  s.values.push_back(bound_end_value("$log_3$ of the bound, at most", h.log3_upper, false));
  s.values.push_back(exact_value("holds for balanced partitions from $N$", static_cast<long long>(h.from_N)));
  s.values.back().key = "from_N";
  s.check =
      std::string(
          "proven in docs/theory.md, section 15 (Theorem 15.1 gives the Hessian rank in closed form; no computed rank "
          "enters; `seprank-sym hessian-ranks` checks the formula mod p and tools/check_lower_bound.py re-checks it "
          "without the tool); ") +
      (h.exact ? "the value in exact integers, $l_0$ compared exactly"
               : "the value as an interval of $log_3$, MPFR with outward rounding (Robbins' bounds)");
  return s;
}

namespace {

// The interval the tool proves for log_3 sep and the growth in L above the threshold (Corollary 15.3).
derivation_step interval_step(const proven_bounds& b) {
  derivation_step s{
      "What is proven: the interval of $log_3 sep$",
      "$log_3 sep$ lies between the proven lower bound (section 15) and the best proven upper bound (the Gram "
      "count, section 4, or its refinement, section 14)",
      {},
      claim_status::computed,
      "both ends proven for every weight (upper) and almost every weight (lower); the lower end rounded down, the "
      "upper end up",
      "proven-interval"};
  if (b.lower)
    s.values.push_back(bound_end_value("lower end", b.lower->log3_lower, true));
  else
    s.values.push_back({"lower end", "none from section 15 here ($sep >= 1$)"});
  if (b.facts.upper) s.values.push_back(bound_end_value("upper end", b.facts.upper->log3, false));
  if (b.facts.upper && b.facts.upper->value > 0 && b.facts.upper->value < big_int("1" + std::string(60, '0')))
    s.values.push_back(
        exact_value(b.facts.upper->source == sep_source::refined_count ? "refined Gram count" : "Gram count",
                    b.facts.upper->value));
  if (b.lower && b.facts.upper && b.lower->log3_lower > 0)
    s.values.push_back(
        decimal_value("ratio of the ends (upper / lower, in $log_3$)", b.facts.upper->log3 / b.lower->log3_lower, 4));
  if (b.N > 0) s.values.push_back(exact_value("at $N$", static_cast<long long>(b.N)));
  return s;
}

derivation_step growth_step(const proven_bounds& b) {
  derivation_step s{
      "The growth in $L$ (Corollary 15.3)",
      "at large $L$ the slope of $log_3 sep$ in $L$ lies between the sum of $D(d)$ over the lower bound's blocks "
      "minus 1 ($H D(d_x/H) - 1$ at every $N >= 2 d_x + 2$) and $D = d_x (d_x + 1)/2$ (the Gram count, every "
      "$N$); the printed Theorem 2 upper bound has slope $2 d_x + 1$",
      {},
      claim_status::computed,
      "closed forms of proven bounds (docs/theory.md, section 15)",
      "growth"};
  const growth_slopes& g = b.slopes;
  if (g.has_lower)
    s.values.push_back(exact_value("slope, at least", g.lower));
  else
    s.values.push_back(
        {"slope, at least",
         "none proven here (the lower bound needs $d_x >= 2$ at $H = 1$, $H$ dividing $d_x$, and $N$ large enough)"});
  s.values.back().key = "slope_lower";
  s.values.push_back(exact_value("slope, at most", g.upper));
  s.values.back().key = "slope_upper";
  s.values.push_back(exact_value("printed Theorem 2 upper bound's slope $2 d_x + 1$", g.printed));
  s.values.back().key = "slope_printed";
  const char* verdict = g.has_lower && g.printed < g.lower
                            ? "below the proven slope: the printed upper bound fails at every large enough $L$"
                        : g.printed > g.upper
                            ? "above the Gram count's slope: the printed upper bound holds at every large enough $L$"
                        : g.has_lower ? "inside the proven interval: large $L$ is not decided by the slopes"
                                      : "at most the Gram count's slope: large $L$ is not decided by the slopes";
  s.values.push_back({"the printed slope is", verdict});
  return s;
}

}  // namespace

namespace {

// The depth threshold: 3^L against d_x, exactly, and the regime it puts the configuration in.
derivation_step bounds_regime_step(const atlas_config& c, const paper_bounds& p) {
  const regime r = p.reg;
  const big_int& three_L = p.three_L;
  const big_int C = summed_indices(c.L);
  const char* cmp = three_L < c.dx ? " < " : three_L > c.dx ? " > " : " = ";
  const std::string three_L_text = decimal_digits(big_float(c.L)) < 60 ? three_L.str() : "3^" + std::to_string(c.L);
  derivation_step st{
      "Depth threshold and regime",
      "$L_th = log_3 d_x$; Theorem 1 assumes $L < L_th$, Theorem 2 assumes $L > L_th$",
      {decimal_value("$log_3 d_x$", log3(big_float(c.dx))),
       {"$3^L$ vs $d_x$", "$" + three_L_text + cmp + c.dx.str() + "$"},
       decimal_digits(big_float(c.L)) < 60 ? exact_value("$C = (3^L - 1)/2$", C)
                                           : decimal_value("$C = (3^L - 1)/2$", big_float(C)),
       {"regime", regime_name(r)}},
      S::computed,
      head_note(c) + "Exact integer comparison of $3^L$ with $d_x$ (cpp_int); logarithms in 100-digit arithmetic"};
  st.id = "regime";
  return st;
}

// Theorem 1 (eq. 7) as printed, evaluated exactly.
derivation_step bounds_theorem1_step(const paper_bounds& p) {
  const regime r = p.reg;
  const theorem1_bounds& t1 = p.t1;
  derivation_step s1{
      "Theorem 1 (eq. 7)",
      "$3^{L-2} (log_3(d_x - H) + a) <= log_3 sep <= ((3^L - 1)/2) log_3(d_x + H)$, $a = -L + 2 - log_3 2$",
      {{"hypothesis $L < log_3 d_x$",
        r == regime::depth_efficient ? "holds" : "does NOT hold: the bounds are not claimed here"},
       decimal_value("$a$", t1.a)},
      S::paper,
      "the paper's statement (almost every weight); evaluated exactly as printed"};
  if (t1.lower_defined)
    s1.values.push_back({"lower bound, $log_3$", format_float(t1.lower_log3) + " (" + vacuity(t1.lower_log3) + ")"});
  else
    s1.values.push_back({"lower bound", "undefined: $d_x = H$ makes $log_3(d_x - H)$ undefined"});
  s1.values.push_back(decimal_value("upper bound, $log_3$", t1.upper_log3));
  if (t1.upper_exact && decimal_digits(t1.upper_log3) < 80)
    s1.values.push_back(exact_value("upper bound $(d_x + H)^C$, exact", t1.upper));
  else
    s1.values.push_back({"upper bound $(d_x + H)^C$", "$" + format_power_of_three(t1.upper_log3) + "$ (about " +
                                                          str(big_int(floor(decimal_digits(t1.upper_log3))) + 1) +
                                                          " decimal digits)"});
  s1.id = "theorem1";
  return s1;
}

// Theorem 2 (eq. 8) as printed, with c_2 also read as a fraction (docs/theory.md, section 9).
derivation_step bounds_theorem2_step(const paper_bounds& p) {
  const regime r = p.reg;
  const theorem2_bounds& t2 = p.t2;
  derivation_step s2{
      "Theorem 2 (eq. 8)",
      "$(1/2) d_x L + b_1 + b_2 <= log_3 sep <= 2 d_x L + c_1 + c_2$",
      {{"hypothesis $L > log_3 d_x$",
        r == regime::depth_inefficient ? "holds" : "does NOT hold: the bounds are not claimed here"},
       decimal_value("$b_1 = -L (H/2 + 1)$", t2.b1),
       t2.b2_defined ? decimal_value("$b_2 = -d_x (1 + (1/2) log_3((d_x - H)/2))$", t2.b2)
                     : step_value{"$b_2 = -d_x (1 + (1/2) log_3((d_x - H)/2))$", "undefined ($d_x = H$)"},
       decimal_value("$c_1 = L$", t2.c1),
       decimal_value("$c_2 = -2 d_x log_3((d_x/2) sqrt(2 sqrt(2e))) + log_3 d_x$", t2.c2)},
      S::paper,
      "the paper's statement (almost every weight); $c_2$ reads $log_3$ of the whole product $(d_x/2) sqrt(2 sqrt(2e))$"};
  if (t2.b2_defined)
    s2.values.push_back({"lower bound, $log_3$", format_float(t2.lower_log3) + " (" + vacuity(t2.lower_log3) + ")"});
  s2.values.push_back(decimal_value("upper bound, $log_3$", t2.upper_log3));
  s2.values.push_back(power_of_three_value("upper bound as a number", t2.upper_log3));
  s2.values.push_back(
      decimal_value("$c_2' = -2 d_x log_3(d_x / (2 sqrt(2e))) + log_3 d_x$ (read as a fraction)", t2.c2_fraction));
  s2.values.push_back({"upper bound with $c_2'$, $log_3$", format_float(t2.upper_log3_fraction) + " ($" +
                                                               format_power_of_three(t2.upper_log3_fraction) + "$)"});
  s2.check +=
      "; $c_2'$ reads the nested root as a flattened fraction: a hypothesis about the print, not the paper's text "
      "(docs/theory.md, section 9)";
  s2.id = "theorem2";
  return s2;
}

// The results: full double precision (display rounding is the text's); proven ends on their safe side.
json bounds_results_json(const atlas_config& c, const paper_bounds& p, const proven_bounds& b) {
  const std::optional<hessian_lower_bound>& lower = b.lower;
  const theorem1_bounds& t1 = p.t1;
  const theorem2_bounds& t2 = p.t2;
  return json{
      {"regime", regime_key(p.reg)},
      {"log3_dx", full_double(log3(big_float(c.dx)))},
      {"theorem1_lower_log3", t1.lower_defined ? json(full_double(t1.lower_log3)) : json()},
      {"theorem1_upper_log3", full_double(t1.upper_log3)},
      {"theorem2_lower_log3", t2.b2_defined ? json(full_double(t2.lower_log3)) : json()},
      {"theorem2_upper_log3", full_double(t2.upper_log3)},
      {"theorem2_upper_fraction_log3", full_double(t2.upper_log3_fraction)},
      {"gram_count_log3", full_double(b.gram_count.log3, +1)},
      {"gram_count", b.gram_count.count_exact && b.gram_count.value > 0 ? exact_json(b.gram_count.value) : json()},
      {"lower_bound_log3", lower ? json(full_double(lower->log3_lower, -1)) : json()},
      {"lower_bound", lower && lower->exact ? exact_json(lower->value) : json()},
      {"lower_bound_level", lower ? json(lower->level) : json()},
      {"lower_bound_from_N", lower ? json(lower->from_N) : json()},
      {"upper_bound_log3", b.facts.upper ? json(full_double(b.facts.upper->log3, +1)) : json()},
      {"upper_bound", b.facts.upper && b.facts.upper->value > 0 ? exact_json(b.facts.upper->value) : json()},
      {"slope_lower", b.slopes.has_lower ? exact_json(b.slopes.lower) : json()},
      {"slope_upper", exact_json(b.slopes.upper)},
      {"slope_printed", exact_json(b.slopes.printed)},
      {"N", b.N > 0 ? json(b.N) : json()}};
}

}  // namespace

derivation bounds_derivation(const atlas_config& c, const paper_bounds& p, const proven_bounds& b) {
  const std::optional<hessian_lower_bound>& lower = b.lower;
  derivation d;
  d.title = "seprank-sym bounds: the paper's closed forms for " + config_text(c);
  d.config = config_json(c);
  d.steps.push_back(bounds_regime_step(c, p));
  d.steps.push_back(bounds_theorem1_step(p));
  d.steps.push_back(bounds_theorem2_step(p));
  d.steps.push_back(lower_bound_step(
      lower, c.dx % c.H != 0 ? "$H$ does not divide $d_x$: no network"
             : b.N > 0       ? "the theorem needs $L >= 2$ and, at this $N$, a block of $d >= 2$ coordinates ($H = 1$) "
                               "or one per head: $N >= 6$, $N >= 2 H + 2$"
                             : "the theorem needs $L >= 2$ and $d_x >= 2$ when $H = 1$"));
  d.steps.push_back(interval_step(b));
  d.steps.push_back(growth_step(b));
  d.audited = true;
  d.findings = findings_of(b.findings);
  if (c.dx % c.H == 0)
    add_answer(d, {c.L, static_cast<long>(c.dx), static_cast<long>(c.H), b.findings, &b.facts, &b.slopes, &b.elsewhere,
                   "", b.N});
  d.results = bounds_results_json(c, p, b);
  return d;
}

namespace {

// The deep network of a corollary and whether the hypothesis the corollary needs holds there.
std::vector<step_value> deep_network_values(const atlas_config& deep, const std::string& hypothesis, bool holds,
                                            const char* corollary) {
  return {{"deep network", config_text(deep)},
          {"hypothesis $" + hypothesis + "$",
           holds ? "holds" : std::string("does NOT hold: ") + corollary + " does not apply"}};
}

}  // namespace

derivation corollary1_derivation(const corollary1_result& r) {
  derivation d;
  d.title = "seprank-sym corollary1: width a shallower network needs (Corollary 1, section 4.1)";
  d.config = config_json(r.deep);
  d.steps.push_back({"The deep network's Theorem 1 lower bound",
                     "$log_3 sep(deep) >= 3^{L-2} (log_3(d_x - H) + a)$, $a = -L + 2 - log_3 2$",
                     deep_network_values(r.deep, "L_deep < log_3 d_x", r.hypothesis, "Corollary 1"), S::paper,
                     head_note(r.deep) + "The paper's bound, evaluated as printed"});
  d.steps.back().values.push_back(decimal_value("lower bound, $log_3$", r.deep_lower_log3));
  d.steps.back().id = "deep-lower-bound";
  json rows = json::array();
  for (const auto& row : r.rows) {
    const bool round_trip = row.round_trip;
    derivation_step s{
        "Shallow depth " + std::to_string(row.L_shallow),
        "equate the shallow network's Theorem 1 upper bound $C_s log_3(d + H)$ with the deep lower bound: "
        "$d = 3^{lower / C_s} - H$ (the paper: \"numerically equating\" the two)",
        {float_value("$C_s = (3^{L_s} - 1)/2$", big_float(row.C_shallow)),
         decimal_value("computed width $d$", row.width, 4),
         {"round trip $C_s log_3(d + H)$",
          format_float(row.check_log3) + (round_trip ? " = the deep lower bound" : " DIFFERS")}},
        status_of_check(round_trip, S::verified),
        "100-digit arithmetic; the width plugged back into the shallow upper bound reproduces the deep lower bound"};
    if (!row.applicable) {  // no width is stated outside the corollary's hypothesis, and nothing fails
      s.values = {s.values.front()};
      s.status = S::skipped;
      s.check = "not applicable: " + row.why_not;
      d.steps.push_back(s);
      d.steps.back().id = "shallow-depth-" + std::to_string(row.L_shallow);
      rows.push_back(json{{"L_shallow", row.L_shallow},
                          {"width", json()},
                          {"quoted", row.quoted.empty() ? json() : json(row.quoted_value)},
                          {"not_applicable", row.why_not}});
      continue;
    }
    if (!row.quoted.empty()) {
      const big_float& ratio = row.quoted_ratio;
      const bool agree = row.quoted_agrees;
      s.values.push_back({"the paper quotes", "about " + row.quoted});
      s.values.push_back({"agreement", agree ? "yes (within a factor 2)"
                                             : "NO: the quoted value is " + format_float(ratio, 2) +
                                                   " times the value computed from the formulas as printed"});
      // A quoted number that its own printed formulas do not give is a finding about the paper (not one of our checks).
      const std::string id = "corollary1-quoted-depth-" + std::to_string(row.L_shallow);
      const std::string statement =
          "Corollary 1's quoted width for depth " + std::to_string(row.L_shallow) + ": about " + row.quoted;
      const std::string evidence = "the printed eqs. 7 equated give $d = " + format_float(row.width, 4) +
                                   "$; the quote is " + format_float(ratio, 2) + " times that";
      d.findings.push_back(
          {id, statement, agree ? verdict::holds : verdict::contradicted, nullptr,
           agree ? "within a factor 2 of " + format_float(row.width, 4) + ", the width the printed formulas give"
                 : evidence});
      d.answer.push_back(
          {id, "The paper's quoted width, depth " + std::to_string(row.L_shallow),
           verdict_words(agree ? verdict::holds : verdict::contradicted, false),
           "about " + row.quoted + " quoted; the printed formulas give " + format_float(row.width, 4) +
               (agree ? " (within a factor 2)" : " (the quote is " + format_float(ratio, 2) + " times that)"),
           json{{"quoted", row.quoted_value}, {"computed", full_double(row.width)}}});
      if (!agree && s.status == S::verified) s.status = S::contradicted;  // the tag agrees with the value "NO"
    }
    d.steps.push_back(s);
    d.steps.back().id = "shallow-depth-" + std::to_string(row.L_shallow);
    rows.push_back(json{{"L_shallow", row.L_shallow},
                        {"width", decimal_json(row.width, 6)},
                        {"quoted", row.quoted.empty() ? json() : json(row.quoted_value)}});
  }
  d.results = json{{"deep_lower_log3", decimal_json(r.deep_lower_log3)}, {"rows", rows}};
  d.audited = !d.findings.empty();
  d.findings_note = "the paper's quoted numbers against its printed formulas, evaluated in 100-digit arithmetic";
  if (!d.answer.empty())
    d.answer_title =
        "The answer: Corollary 1's quoted widths against the printed formulas (the steps below give the detail)";
  return d;
}

namespace {

// The beta_2 tried, each with its network and Theorem 1 lower bound.
step_value beta2_tried_value(const corollary2_result& r) {
  step_value tried{"$beta_2$ tried", ""};
  tried.data = json::array();
  for (const auto& t : r.tried) {
    tried.items.push_back(
        "$beta_2 = " + std::to_string(t.beta2) + "$: $d_x = " + t.dx.str() + "$, $L = " + std::to_string(t.L) +
        "$ (nominal $beta_1 L + beta_2 = " + format_float(t.nominal_depth, 3) + "$), Theorem 1 lower bound $log_3$ " +
        (t.lower_defined ? format_float(t.lower_log3) : std::string("undefined")) +
        (t.higher ? " > deep upper bound" : ""));
    tried.data.push_back(json{{"beta2", t.beta2},
                              {"dx", exact_json(t.dx)},
                              {"L", t.L},
                              {"nominal_depth", decimal_json(t.nominal_depth, 3)},
                              {"lower_log3", t.lower_defined ? decimal_json(t.lower_log3) : json()},
                              {"above_deep_upper", t.higher}});
  }
  return tried;
}

// What the search for beta_2 found, in words: a shallower network, none (and why), or none within --max-beta2.
std::string beta2_check_text(const corollary2_result& r) {
  return !r.hypothesis ? "Corollary 2 needs $L_deep > log_3 d_x$, which does not hold here: Theorem 2 claims no upper "
                         "bound for the deep network, so no $beta_2$ is sought"
         : r.beta2 > 0 ? "$sep(shallow) >= 3^{lower} > 3^{upper} >= sep(deep)$, for almost every weight by the paper's "
                         "Theorems 1 and 2; the inequality between the two closed forms is computed here"
         : r.not_shallower_beta2 > 0
             ? "no shallower network: " +
                   (r.not_shallower_beta2 > 1 ? "up to $beta_2 = " + std::to_string(r.not_shallower_beta2 - 1) +
                                                    "$ none satisfies the inequality, and from $beta_2 = " +
                                                    std::to_string(r.not_shallower_beta2) + "$ on"
                                              : std::string("for every $beta_2 >= 1$")) +
                   " the network is not shallower ($L = " + std::to_string(r.not_shallower_L) +
                   " >= L_deep = " + std::to_string(r.deep.L) +
                   "$; a larger $beta_2$ only deepens it): the printed bounds do not exhibit "
                   "Corollary 2's shallower network here"
             : "no $beta_2$ up to the limit satisfies the inequality (raise --max-beta2)";
}

}  // namespace

derivation corollary2_derivation(const corollary2_result& r) {
  derivation d;
  d.title = "seprank-sym corollary2: a shallower, wider network with higher separation rank (Corollary 2, section 4.2)";
  d.config = config_json(r.deep);
  d.steps.push_back({"The deep network and $beta_1$",
                     "$beta_1 = log_3(d_x) / L_deep < 1$ when $L_deep > log_3 d_x$; its Theorem 2 upper bound",
                     deep_network_values(r.deep, "L_deep > log_3 d_x", r.hypothesis, "Corollary 2"), S::computed,
                     "closed forms in 100-digit arithmetic"});
  d.steps.back().values.push_back(decimal_value("$beta_1$", r.beta1));
  d.steps.back().values.push_back(decimal_value("deep upper bound, $log_3$", r.deep_upper_log3));
  d.steps.back().id = "deep-network";
  if (!head_note(r.deep).empty())
    d.steps.back().values.insert(d.steps.back().values.begin() + 2, {"note", head_note(r.deep)});
  d.steps.push_back(
      {"Where the nominal shallow network sits",
       "depth $beta_1 L + beta_2 = log_3 d_x + beta_2$ and width $3^{beta_2} d_x$ give $log_3(width) = depth$ exactly",
       {{"consequence",
         "the nominal network is exactly at its own threshold $L = log_3 d_x$: Theorem 1 does not apply "
         "there, and at $L = log_3 d_x$ the Theorem 2 lower bound equals "
         "$(d_x/2) log_3(2 d_x/(d_x - H)) - d_x - L (H/2 + 1) < 0$ for $H <= d_x/2$ (vacuous), so the "
         "printed bounds cannot exhibit the corollary at that depth"},
        {"what is computed instead",
         "for each $beta_2$ the deepest network of width $3^{beta_2} d_x$ below its "
         "threshold (depth $ceil(log_3 width) - 1 <= beta_1 L + beta_2$), whose Theorem 1 "
         "lower bound is then compared with the deep network's Theorem 2 upper bound"}},
       S::computed,
       "exact: $log_3(3^{beta_2} d_x) = log_3 d_x + beta_2 = beta_1 L_deep + beta_2$. The paper's own proof of the "
       "corollary is in its appendix, which is not available to us"});
  d.steps.back().id = "nominal-network";
  const step_value tried = beta2_tried_value(r);
  derivation_step s{
      "A $beta_2$ and the shallower, wider network",
      "the paper: there is $beta_2 = O(log H log d_x log L)$ such that a network of depth $beta_1 L + beta_2$ and "
      "width $3^{beta_2} d_x$ has a higher separation rank; here: the smallest integer $beta_2$ whose network "
      "(previous step) has a Theorem 1 lower bound above the deep network's Theorem 2 upper bound",
      !tried.items.empty() ? std::vector<step_value>{tried} : std::vector<step_value>{},  // none tried: none shown
      !r.hypothesis ? S::skipped
      : r.beta2 > 0 ? S::verified
                    : S::computed,
      beta2_check_text(r)};
  if (r.beta2 > 0) {
    s.values.push_back(exact_value("$beta_2$", r.beta2));
    s.values.push_back({"shallow network", "$L = " + std::to_string(r.L_shallow) + "$ (vs " + std::to_string(r.deep.L) +
                                               "), $d_x = " + r.dx_shallow.str() + "$, " +
                                               regime_name(r.shallow_regime)});
    s.values.push_back({"shallow lower bound vs deep upper bound ($log_3$)",
                        "$" + format_float(r.shallow_lower_log3) + " > " + format_float(r.deep_upper_log3) + "$"});
  }
  d.steps.push_back(s);
  d.steps.back().id = "beta2";
  d.results = json{{"beta1", decimal_json(r.beta1)},
                   {"beta2", r.beta2 > 0 ? json(r.beta2) : json()},
                   {"L_shallow", r.beta2 > 0 ? json(r.L_shallow) : json()},
                   {"dx_shallow", r.beta2 > 0 ? exact_json(r.dx_shallow) : json()}};
  return d;
}

}  // namespace seprank
