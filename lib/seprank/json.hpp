// A minimal JSON value with insertion-ordered objects (stable key order), for the JSON
// renderer. Big integers are stored as strings by the code that builds the values.
#pragma once
#include <memory>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

namespace seprank {

class json {
 public:
  enum class kind { null, boolean, number, string, object, array };

  json() = default;  // null
  static json text(std::string s);
  static json number(long long v);
  static json number(double v);  // written with 10 significant digits
  static json boolean(bool b);
  static json object();
  static json array();

  json& set(const std::string& key, json value);  // object: append (keys are not repeated)
  json& push(json value);                         // array: append
  const json* find(const std::string& key) const;
  kind type() const { return kind_; }
  const std::string& scalar() const { return scalar_; }  // text, or the literal of a number/boolean
  const std::vector<std::pair<std::string, json>>& members() const { return members_; }
  const std::vector<json>& elements() const { return elements_; }

  void write(std::ostream& out, int indent = 0) const;

  // Parses the JSON this class writes (and standard JSON generally); throws std::invalid_argument.
  static json parse(const std::string& text);
  static json parse_number_literal(const std::string& literal);

 private:
  kind kind_ = kind::null;
  std::string scalar_;
  std::vector<std::pair<std::string, json>> members_;
  std::vector<json> elements_;
};

}  // namespace seprank
