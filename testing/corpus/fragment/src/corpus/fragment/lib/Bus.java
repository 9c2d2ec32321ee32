package corpus.fragment.lib;

import java.util.ArrayList;
import java.util.List;

public class Bus {
    private final List<Handler> handlers = new ArrayList<>();

    public void register(Handler h) {
        handlers.add(h);
    }

    public void fire(String name) {
        Event e = new Event(name);
        for (Handler h : handlers) {
            h.handle(e); // calls back into client code
        }
    }
}
