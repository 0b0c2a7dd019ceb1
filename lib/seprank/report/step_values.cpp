#include "seprank/report/step_values.hpp"

namespace seprank {

step_value exact_value(std::string name, long long v) { return {std::move(name), str(v), {}, exact_json(v)}; }
step_value exact_value(std::string name, const big_int& v) { return {std::move(name), str(v), {}, exact_json(v)}; }
step_value exact_value(std::string name, long long v, std::string text) {
  return {std::move(name), std::move(text), {}, exact_json(v)};
}
step_value exact_value(std::string name, const big_int& v, std::string text) {
  return {std::move(name), std::move(text), {}, exact_json(v)};
}

step_value decimal_value(std::string name, const big_float& v, int digits) {
  std::string shown = format_float(v, digits);
  json data = shown_decimal(shown);
  return {std::move(name), std::move(shown), {}, std::move(data)};
}

step_value float_value(std::string name, const big_float& v) {
  std::string shown = v.str();
  json data = shown_decimal(shown);
  return {std::move(name), std::move(shown), {}, std::move(data)};
}

step_value power_of_three_value(std::string name, const big_float& log3) {
  const std::string shown = format_power_of_three(log3);
  return {std::move(name), "$" + shown + "$", {}, shown_decimal(shown)};
}

void note_store(derivation_step& st, const unit_provenance& u, const std::string& units_noun) {
  if (!u.any_stored() && u.impossible.empty()) return;
  const long checked = u.verified + u.disagreed;
  st.values.push_back(
      {"from the results store",
       str(u.stored) + " of " + str(u.stored + u.computed) + " " + units_noun + " read from " + u.store +
           " (computed earlier by the same method and version for the same inputs; not recomputed here)" +
           (checked == 0 ? std::string("; none re-checked (--verify)")
                         : "; " + str(checked) + " recomputed here (--verify): " +
                               (u.disagreed == 0 ? std::string("all agree") : str(u.disagreed) + " disagree")),
       {},
       json{{"store", u.store},
            {"stored", u.stored},
            {"computed", u.computed},
            {"verified", u.verified},
            {"disagreed", u.disagreed}}});
  st.status = status_of_check(u.all_intact() && u.all_agree(), st.status);
  if (!u.all_intact()) {
    std::string which;
    for (const auto& w : u.impossible) which += (which.empty() ? "" : "; ") + w;
    st.check = "FAILED: the results store " + u.store + " holds " + str(static_cast<long long>(u.impossible.size())) +
               " impossible or altered " + units_noun + " (" + which + "), not used; the store cannot be trusted. " +
               st.check;
  }
  if (!u.all_agree()) {
    st.check = "FAILED: " + str(u.disagreed) + " of the " + units_noun + " read from the results store " + u.store +
               " disagree with their recomputation here, so the store cannot be trusted. " + st.check;
  }
}

step_value bound_end_value(std::string name, const big_float& v, bool lower) {
  return decimal_value(std::move(name), rounded_toward(v, 6, lower));
}

}  // namespace seprank
