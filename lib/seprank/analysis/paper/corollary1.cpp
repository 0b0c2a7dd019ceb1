#include "seprank/analysis/paper/corollary1.hpp"

#include "seprank/support/errors.hpp"

namespace seprank {

corollary1_result corollary1(const atlas_config& deep, const std::vector<long>& shallow) {
  validate(deep);
  corollary1_result r;
  r.deep = deep;
  r.hypothesis = regime_of(deep.L, deep.dx) == regime::depth_efficient;
  const theorem1_bounds t = theorem1(deep.L, deep.dx, deep.H);
  if (!t.lower_defined) throw usage_error("Corollary 1 needs d_x > H (the Theorem 1 lower bound uses log_3(d_x - H))");
  r.deep_lower_log3 = t.lower_log3;
  const big_float scale = abs(r.deep_lower_log3) > 1 ? big_float(abs(r.deep_lower_log3)) : big_float(1);
  for (long Ls : shallow) {
    if (Ls < 1 || Ls >= deep.L)
      throw usage_error("shallow depth " + std::to_string(Ls) +
                        " is out of range: must satisfy 1 <= L_shallow < L_deep = " + std::to_string(deep.L));
    corollary1_row row{};
    row.L_shallow = Ls;
    row.C_shallow = summed_indices(Ls);
    const big_float Cs = big_float(row.C_shallow);
    row.width = pow(big_float(3), r.deep_lower_log3 / Cs) - big_float(deep.H);
    row.check_log3 = Cs * log3(row.width + big_float(deep.H));
    row.round_trip = abs(row.check_log3 - r.deep_lower_log3) < big_float(1e-60) * scale;
    if (!r.hypothesis) {
      row.applicable = false;
      row.why_not =
          "the deep network is not below its threshold ($L_deep < log_3 d_x$ fails), so Corollary 1 says nothing";
    } else if (row.width < 1) {
      row.applicable = false;
      row.why_not =
          "the deep lower bound is met by every width $d >= 1$ (equating gives $d < 1$): no width is required";
    }
    // The paper quotes widths for its own example only (section 4.1).
    if (deep.L == 6 && deep.dx == 1000 && deep.H == 16) row.quoted = Ls == 2 ? "2e17" : Ls == 3 ? "2e5" : "";
    if (!row.quoted.empty()) {
      row.quoted_value = big_float(row.quoted).convert_to<double>();
      row.quoted_ratio = big_float(row.quoted) / row.width;
      row.quoted_agrees = row.quoted_ratio > big_float(0.5) && row.quoted_ratio < big_float(2);
    }
    r.rows.push_back(row);
  }
  return r;
}

}  // namespace seprank
