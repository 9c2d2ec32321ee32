var ops = { '+': function (a, b) { return a + b; }, '*': function (a, b) { return a * b; } };
function evaluate(tokens) {
  var stack = [];
  tokens.forEach(function (t) {
    if (ops[t]) { var b = stack.pop(), a = stack.pop(); stack.push(ops[t](a, b)); }
    else stack.push(parseInt(t, 10));
  });
  return stack.pop();
}
var sb = new java.lang.StringBuilder();
sb.append("result ").append(String(evaluate("3 4 + 5 *".split(" "))));
var list = new java.util.ArrayList();
list.add("x"); list.add("y");
print(sb.toString() + " " + list.size() + " " + JSON.stringify({a: [1, 2, {b: "c"}]}));
