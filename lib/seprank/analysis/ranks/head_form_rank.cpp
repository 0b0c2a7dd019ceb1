#include "seprank/analysis/ranks/head_form_rank.hpp"

#include <gmpxx.h>

#include "seprank/engine/linalg.hpp"

namespace seprank {

std::vector<long> head_form_ranks(const integer_weights& w) {
  std::vector<long> ranks;
  for (const auto& layer : w.layers)
    for (const auto& h : layer) {
      integer_matrix m;
      m.rows = m.cols = h.Q.cols();
      for (int r = 0; r < h.Q.cols(); ++r)
        for (int c = 0; c < h.K.cols(); ++c) {
          mpz_class v = 0;
          for (int a = 0; a < h.Q.rows(); ++a) v += mpz_class(h.Q(a, r)) * h.K(a, c);
          if (v != 0) m.entries.push_back({r, c, v});
        }
      ranks.push_back(exact_rank(m));
    }
  return ranks;
}

}  // namespace seprank
