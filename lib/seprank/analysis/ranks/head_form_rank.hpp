// The head-size bottleneck (Bhojanapalli et al. 2020; docs/theory.md, section 11): each head's bilinear form
// W^Q^T W^K (d_x x d_x) has rank at most d_a = d_x / H.
#pragma once
#include <vector>

#include "seprank/model/weights.hpp"

namespace seprank {

// Exact rank of W^Q^T W^K (d_x x d_x) for every layer and head.
std::vector<long> head_form_ranks(const integer_weights& w);

}  // namespace seprank
