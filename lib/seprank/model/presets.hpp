// Published transformer sizes as named presets (`seprank-sym bounds --model NAME`): depth, width, heads and context
// length as their papers print them, with the citation. The network of eq. 3 keeps only these four numbers.
#pragma once
#include <string>
#include <vector>

namespace seprank {

struct model_preset {
  const char* key;     // "gpt3-175b"
  const char* name;    // "GPT-3 175B"
  long L, dx, H;       // layers, d_model, heads
  long context;        // the context length: the N the verdict is stated at
  const char* source;  // where the sizes are printed
};

// Every preset, in the order of the comparison table.
const std::vector<model_preset>& model_presets();
// The preset with this key; usage_error naming the keys otherwise.
const model_preset& model_preset_named(const std::string& key);
// "gpt3-small, gpt3-medium, ..." (the help and the error).
std::string model_preset_keys();

}  // namespace seprank
