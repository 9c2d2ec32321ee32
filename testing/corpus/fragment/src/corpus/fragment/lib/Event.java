package corpus.fragment.lib;

public class Event {
    private final String name;

    Event(String name) { // package-private: clients get events from a Bus
        this.name = name;
    }

    public String describe() {
        return "event " + name;
    }
}
