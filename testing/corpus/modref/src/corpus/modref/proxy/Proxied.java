package corpus.modref.proxy;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;

/**
 * MOD/USE through a dynamic proxy (tools/analysis/modref TestProxy): the
 * call on the proxy runs the handler's invoke, which writes the cell its
 * argument array holds and counts in the handler.
 */
public class Proxied {
    interface Store {
        void put(Cell c, Object v);
    }

    static final class Cell {
        Object value;
    }

    static final class Writer implements InvocationHandler {
        int calls;

        public Object invoke(Object proxy, Method m, Object[] args) {
            calls++;
            ((Cell) args[0]).value = args[1];
            return null;
        }
    }

    public static void main(String[] a) {
        Store s = (Store) Proxy.newProxyInstance(Proxied.class.getClassLoader(), new Class<?>[] {Store.class}, new Writer());
        Cell c = new Cell();
        s.put(c, "x");
        System.out.println(c.value);
    }
}
