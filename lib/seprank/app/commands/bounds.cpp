// bounds: the closed forms at any size, or at the published models' sizes (its row and its derive_*).
#include "seprank/app/commands/command_rows.hpp"

#include "seprank/analysis/paper/proven_bounds.hpp"
#include "seprank/analysis/paper/model_bounds.hpp"
#include "seprank/model/presets.hpp"
#include "seprank/report/atlas_report.hpp"
#include "seprank/report/model_report.hpp"
#include "seprank/support/errors.hpp"
#include "seprank/support/interrupt.hpp"

namespace seprank {

void validate_bounds_N(long N) {
  if (N != 0 && (N < 2 || N > max_bounds_N))
    throw usage_error("N = " + std::to_string(N) + " is out of range: must be 0 (every N >= 2 d_x + 2) or 2 <= N <= " +
                      std::to_string(max_bounds_N));
}

derivation derive_bounds(const atlas_config& c, long N) {
  validate(c);
  validate_bounds_N(N);
  return bounds_derivation(c, paper_bounds_of(c.L, c.dx, c.H),
                           proven_bounds_of(c.L, c.dx.convert_to<long>(), c.H.convert_to<long>(), N));
}

derivation derive_model_bounds(const std::vector<std::string>& keys) {
  std::vector<model_preset> presets;
  for (const auto& k : keys) {
    if (k == "all")
      presets.insert(presets.end(), model_presets().begin(), model_presets().end());
    else
      presets.push_back(model_preset_named(k));
  }
  if (presets.empty())
    throw usage_error(flag("model") + ": no model given; the models are " + model_preset_keys() + ", or all");
  std::vector<model_bounds> ms;
  for (const auto& p : presets) {
    check_interrupt();
    ms.push_back(model_bounds_of(p));
  }
  return ms.size() == 1 ? model_derivation(ms.front()) : models_derivation(ms);
}

command bounds_command() {
  return {
      "bounds",
      "at any size: the paper's closed-form bounds (Theorems 1 and 2), the proven interval of log_3 sep, its slope in L "
      "against the printed one, and whether each statement holds or is contradicted, e.g. bounds --L 96 --dx 12288 --H 96 --N 2048",
      {},
      "",
      false,
      [](command_requests& r) {
        return std::vector<command_option>{
            {"--L", depth_help(), &r.bounds.L},
            {"--dx", width_help(), &r.bounds.dx},
            {"--H", heads_help, &r.bounds.H},
            {"--N",
             "positions N the proven bounds are stated at, 2.." + limit_text(max_bounds_N) +
                 " (below 2 d_x + 2 the lower bound is a narrower "
                 "network's, by zero padding); 0: every balanced N >= 2 d_x + 2",
             &r.bounds.N},
            {"--model",
             "a published model's L, d_x, H and context length N instead (one of " + model_preset_keys() +
                 "; several, comma-separated, or all: the comparison table alone; GPT-3 XL and 13B are left out, as Brown "
                 "et al.'s Table 2.1 prints heads that do not divide d_model)",
             &r.bounds.models, false, "seprank.MODELS holds the sizes; bounds() takes them as L, dx, H and N"}};
      },
      [](command_requests& r, const command_context& c) {
        const bounds_request& b = r.bounds;
        if (!c.given("--model")) return derive_bounds(atlas_of_sizes(b.L, b.dx, b.H), static_cast<long>(b.N));
        for (const char* opt : {"L", "dx", "H", "N"})
          if (c.given(std::string("--") + opt))
            throw usage_error("bounds " + flag("model") + " sets L, d_x, H and N (the context length); " + flag(opt) +
                              " cannot be given with it");
        return derive_model_bounds(b.models);
      }};
}

}  // namespace seprank
