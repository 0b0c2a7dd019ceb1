// SplitMix64 (Steele, Lea, Flood 2014): the one pseudo-random source of the project (weight draws,
// random points, random primes). A fixed, portable sequence for a given seed.
#pragma once
#include <cstdint>

namespace seprank {

struct splitmix64 {
  std::uint64_t state;
  std::uint64_t next() {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
};

// The first output of SplitMix64 seeded with x: a well-mixed hash of x.
inline std::uint64_t splitmix_hash(std::uint64_t x) { return splitmix64{x}.next(); }

}  // namespace seprank
