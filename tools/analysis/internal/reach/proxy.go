package reach

import "github.com/rules-fragment/rules_fragment/tools/hierarchy"

// Dynamic proxies: Proxy.newProxyInstance returns an object of a class
// the JVM generates, whose methods call InvocationHandler.invoke on the
// handler argument (pointsto/proxy.go models the objects). The class
// analyses do not know which calls reach a proxy; where
// newProxyInstance is called, they make invoke reachable as a virtual
// call without a site (on the instantiated handlers, for RTA), as for
// the calls natives make (Implicit).
const (
	ProxyClass        = "java/lang/reflect/Proxy"
	InvocationHandler = "java/lang/reflect/InvocationHandler"
	InvokeDesc        = "(Ljava/lang/Object;Ljava/lang/reflect/Method;[Ljava/lang/Object;)Ljava/lang/Object;"
	NewProxyInstance  = ProxyClass + ".newProxyInstance(Ljava/lang/ClassLoader;[Ljava/lang/Class;" +
		"L" + InvocationHandler + ";)Ljava/lang/Object;"
)

// proxyInvoke is the call of invoke a proxy makes.
var proxyInvoke = Implicit{Class: InvocationHandler, Name: "invoke", Desc: InvokeDesc, Interface: true}

// IsProxyCreation reports whether m is Proxy.newProxyInstance.
func IsProxyCreation(m *hierarchy.Method) bool {
	return m != nil && m.Name == "newProxyInstance" && m.HasKey(NewProxyInstance)
}

// ProxyInvoke resolves InvocationHandler.invoke in h (nil, nil if the
// program lacks it).
func ProxyInvoke(h *hierarchy.Hierarchy) (*hierarchy.Class, *hierarchy.Method) {
	return proxyInvoke.Resolve(h)
}
