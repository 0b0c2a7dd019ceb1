#include "seprank/report/hessian_report.hpp"

#include "seprank/report/format.hpp"

namespace seprank {

derivation hessian_ranks_derivation(const std::vector<hessian_rank_row>& rows, bool check, std::uint64_t seed) {
  derivation d;
  d.title = check ? "seprank-sym hessian-ranks --check: the shipped table recomputed"
                  : "seprank-sym hessian-ranks: certified block Hessian ranks of gamma";
  d.config = json{{"seed", exact_json(big_int(check ? hessian_table_seed : seed))}, {"check", check}};
  result_table t;
  t.title = "Hessian ranks of gamma = b^T R_l0(M) b on a d x d block (docs/theory.md, section 15)";
  t.header = {"$l_0$", "$d$", "rank", "$D$", "attempt", "prime"};
  if (check) t.header.push_back("table");
  json out = json::array();
  long failed = 0;
  for (const auto& r : rows) {
    const auto& c = r.computed;
    const long D = static_cast<long>(c.d) * (c.d + 1) / 2;
    std::vector<table_cell> cells{{str(static_cast<long long>(c.level)), c.level}, {str(static_cast<long long>(c.d)), c.d},
                                  {str(static_cast<long long>(c.rank)), c.rank},   {str(static_cast<long long>(D)), D},
                                  {str(static_cast<long long>(c.attempt)), c.attempt}, {std::to_string(c.prime), std::to_string(c.prime)}};
    json row{{"level", c.level}, {"d", c.d}, {"rank", c.rank}, {"D", D}, {"attempt", c.attempt}, {"prime", std::to_string(c.prime)},
             {"gamma_nonzero", c.gamma_nonzero}, {"f_nonzero", c.f_nonzero}};
    if (check) {
      cells.emplace_back(r.verifies ? "verifies" : "FAILED (table: rank " + str(static_cast<long long>(r.row.rank)) + ")");
      row["verifies"] = r.verifies;
      if (!r.verifies) ++failed;
    }
    t.rows.push_back(std::move(cells));
    out.push_back(std::move(row));
  }
  derivation_step s{check ? "The shipped table, recomputed" : "Ranks",
                    "the rank mod p of the Hessian of gamma at an integer point, with gamma and b^T A_{l_0} nonzero there, is a "
                    "lower bound on the rank over Q at that point (docs/theory.md, section 15)",
                    {{"rows", str(static_cast<long long>(rows.size())), {}, static_cast<long long>(rows.size())}},
                    check ? (failed ? claim_status::failed : claim_status::verified) : claim_status::computed,
                    check ? (failed ? str(static_cast<long long>(failed)) + " row(s) of the table did not verify: the bound must not use them"
                                    : "every row recomputed from its draw: same prime, gamma and b^T A_{l_0} nonzero, same rank")
                          : "FLINT nmod_mat_rank of the Hessian built from gamma's word",
                    "hessian-ranks"};
  d.steps.push_back(std::move(s));
  d.tables.push_back(std::move(t));
  d.results = json{{"rows", std::move(out)}};
  return d;
}

}  // namespace seprank
