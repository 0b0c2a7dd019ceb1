#include "seprank/report/hessian_report.hpp"

#include "seprank/report/format.hpp"

namespace seprank {

namespace {

table_cell count_cell(long v) { return {str(static_cast<long long>(v)), v}; }

// A point's rank, or why there is none.
table_cell point_cell(const moment_hessian_check& c) {
  if (!c.found) return {c.on_gamma_zero && c.d < 2 ? "none (d = 1)" : "no point found", nullptr};
  return count_cell(c.rank);
}

json point_json(const moment_hessian_check& c) {
  if (!c.found) return nullptr;
  return json{{"rank", c.rank},
              {"prime", std::to_string(c.prime)},
              {"attempt", c.attempt},
              {"gradient_nonzero", c.gradient_nonzero},
              {"f_nonzero", c.f_nonzero}};
}

}  // namespace

derivation hessian_ranks_derivation(const std::vector<moment_hessian_row>& rows, std::uint64_t seed,
                                    std::size_t planned, stop_reason stop) {
  derivation d;
  const bool stopped = stop != stop_reason::none, user = stop == stop_reason::interrupted;
  const std::string before = user ? "before the interruption" : "before the time limit";
  d.title = "seprank-sym hessian-ranks: the Hessian rank of the moment form b^T M^g b against Theorem 15.1";
  d.config = json{{"seed", exact_json(big_int(seed))}};
  result_table t;
  t.title = "Hessian ranks mod p of gamma = b^T M^g b, g = 3^{l0}, on d x d symmetric M (docs/theory.md, section 15)";
  t.header = {"$l_0$", "$g$", "$d$", "$D$", "$rho_g(d)$", "random point", "on $gamma = 0$", "agrees", "general word"};
  json out = json::array();
  long failed = 0;
  for (const auto& r : rows) {
    const long D = static_cast<long>(r.d) * (r.d + 1) / 2;
    const long g = r.g;
    const bool agrees = r.agrees();
    if (!agrees) ++failed;
    const table_cell general =
        r.general.gamma_nonzero && r.general.f_nonzero ? count_cell(r.general.rank) : table_cell("no draw");
    t.rows.push_back({count_cell(r.level),
                      count_cell(g),
                      count_cell(r.d),
                      count_cell(D),
                      {str(r.rho), exact_json(r.rho)},
                      point_cell(r.random_point),
                      point_cell(r.zero_point),
                      {agrees ? "yes" : "FAILED", agrees},
                      general});
    out.push_back(
        json{{"level", r.level},
             {"g", g},
             {"d", r.d},
             {"D", D},
             {"rho", exact_json(r.rho)},
             {"random_point", point_json(r.random_point)},
             {"on_gamma_zero", point_json(r.zero_point)},
             {"agrees", agrees},
             {"general_word", r.general.gamma_nonzero && r.general.f_nonzero ? json(r.general.rank) : json()}});
  }
  derivation_step s{
      "Theorem 15.1 checked mod p",
      "$rank Hess(b^T M^g b) = rho_g(d) = D(d) - D(max(d - g + 1, 0))$ at a generic point and at a point of "
      "$gamma = 0$ (proven in docs/theory.md, section 15); the ranks mod a 62-bit prime at random points must equal it",
      {{"rows",
        str(static_cast<long long>(rows.size())) +
            (stopped ? " of " + str(static_cast<long long>(planned)) : std::string()),
        {},
        static_cast<long long>(rows.size())},
       {"rows that disagree", str(static_cast<long long>(failed)), {}, static_cast<long long>(failed)}},
      status_of_check(failed == 0, rows.empty() ? claim_status::skipped : claim_status::verified),
      rows.empty() ? "no row was ranked " + before + ": nothing was checked"
      : failed
          ? (stopped ? "of the rows ranked " + before + ", " : std::string()) + str(static_cast<long long>(failed)) +
                " row(s) disagree: a rank above rho_g(d) contradicts part (i), one below it at a random point has "
                "probability at most deg/p; report it"
          : (stopped ? "for the rows ranked " + before + " (the others are not checked): " : std::string()) +
                "every rank mod p equals the proven formula, at random points and on $gamma = 0$ (with grad $gamma$ "
                "and $b^T M^{(g-1)/2}$ nonzero there); FLINT nmod_mat_rank of the Hessian built from the word of "
                "$gamma$. The general word (drawn lower-layer $Q_j$, not covered by the theorem) is shown for comparison",
      "hessian-ranks"};
  if (stopped) {  // said first
    const std::string done = str(static_cast<long long>(rows.size())) + " of " + str(static_cast<long long>(planned));
    d.steps.push_back({user ? "Interrupted" : "Time limit",
                       user ? "the command was interrupted by the user (Ctrl-C)"
                            : "the command reached its time limit (--time-limit, for the whole command)",
                       {{"rows ranked", done, {}, static_cast<long long>(rows.size())}},
                       claim_status::skipped,
                       std::string("the rows ranked ") + before + " are shown; the rest are skipped (exit status " +
                           (user ? "130" : "4") + ")",
                       user ? "interrupted" : "time-limit"});
    (user ? d.interrupted : d.time_limited) = true;
  }
  d.steps.push_back(std::move(s));
  d.tables.push_back(std::move(t));
  d.results = json{{"rows", std::move(out)}, {"disagree", failed}, {"complete", !stopped}};
  return d;
}

}  // namespace seprank
