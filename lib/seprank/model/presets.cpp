#include "seprank/model/presets.hpp"

#include "seprank/support/errors.hpp"

namespace seprank {

const std::vector<model_preset>& model_presets() {
  // Brown et al. 2020, "Language Models are Few-Shot Learners", Table 2.1 (n_layers, d_model, n_heads; n_ctx = 2048 for
  // every size). Two sizes are left out, as the table prints heads that do not divide d_model (eq. 3 needs d_x = H
  // d_a): GPT-3 XL (d_model 2048, 24 heads) and GPT-3 13B (d_model 5140, 40 heads).
  static const char* gpt3 = "Brown et al. 2020, Table 2.1";
  static const std::vector<model_preset> presets{
      {"gpt3-small", "GPT-3 Small (125M)", 12, 768, 12, 2048, gpt3},
      {"gpt3-medium", "GPT-3 Medium (350M)", 24, 1024, 16, 2048, gpt3},
      {"gpt3-large", "GPT-3 Large (760M)", 24, 1536, 16, 2048, gpt3},
      {"gpt3-2.7b", "GPT-3 2.7B", 32, 2560, 32, 2048, gpt3},
      {"gpt3-6.7b", "GPT-3 6.7B", 32, 4096, 32, 2048, gpt3},
      {"gpt3-175b", "GPT-3 175B", 96, 12288, 96, 2048, gpt3},
      {"bert-large", "BERT-large", 24, 1024, 16, 512,
       "Devlin et al. 2019, section 3 (BERT_LARGE: L = 24, H = 1024, A = 16; 512 positions)"},
      {"gpt2-1.5b", "GPT-2 1.5B", 48, 1600, 25, 1024,
       "Radford et al. 2019, Table 2 and section 2.3 (48 layers, d_model 1600, context 1024); 25 heads as in the released model"},
  };
  return presets;
}

std::string model_preset_keys() {
  std::string keys;
  for (const auto& p : model_presets()) keys += (keys.empty() ? "" : ", ") + std::string(p.key);
  return keys;
}

const model_preset& model_preset_named(const std::string& key) {
  for (const auto& p : model_presets())
    if (key == p.key) return p;
  throw usage_error(flag("model") + " " + key + ": no such model; the models are " + model_preset_keys() + ", or all");
}

}  // namespace seprank
