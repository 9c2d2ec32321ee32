package corpus.layered.client;

import corpus.layered.liba.Callback;
import corpus.layered.liba.Processor;
import corpus.layered.liba.Report;
import corpus.layered.liba.SortedContainer;
import corpus.layered.liba.Stats;
import corpus.layered.libb.ArrayContainer;
import corpus.layered.libb.Container;
import corpus.layered.libb.LinkedContainer;
import corpus.layered.libb.Registry;
import corpus.layered.libb.Visitor;

import java.util.ArrayList;
import java.util.List;

/**
 * Client program over library A and library B. Call sites of interest:
 * monoSite: Container.size() with exactly 1 receiver class (ArrayContainer);
 * biSite: Container.get()/size() with 2 receiver classes (ArrayContainer, LinkedContainer);
 * megaSite: Container.describe()/accept() with 4 receiver classes
 * (ArrayContainer, LinkedContainer, SortedContainer from A, RingContainer from client);
 * renderSite: Report.render with Report and FancyReport, where A calls the
 * client's formatItem()/header() overrides internally.
 */
public class Main {

    static int monoSite(Container<String> c) {
        return c.size();                          // 1 receiver class
    }

    static int biSite(Container<Integer> c) {
        int s = 0;
        for (int i = 0; i < c.size(); i++) {      // 2 receiver classes
            s += c.get(i);
        }
        return s;
    }

    static String megaSite(Container<?> c) {
        int[] count = {0};
        c.accept(item -> count[0]++);             // 4 receiver classes; lambda visitor called from B
        return c.describe() + "/" + count[0];     // default method or override (RingContainer)
    }

    static String renderSite(Report r, Container<?> c) {
        return r.render(c);                       // 2 receiver classes; A calls back into FancyReport
    }

    /** A client Visitor class passed into library B's traversal. */
    static final class Collecting implements Visitor<Object> {
        final List<String> seen = new ArrayList<>();

        @Override
        public void visit(Object item) {
            seen.add(String.valueOf(item));
        }

        @Override
        public boolean wantsMore() {
            return seen.size() < 3;
        }
    }

    public static void main(String[] args) {
        Container<String> words = new ArrayContainer<>();
        words.add("pear");
        words.add("fig");
        System.out.println("mono " + monoSite(words) + " " + monoSite(Container.of("a", "b", "c")));

        Container<Integer> array = Container.of(1, 2, 3);
        Container<Integer> linked = new LinkedContainer<>();
        for (int i = 10; i <= 40; i += 10) {
            linked.add(i);
        }
        System.out.println("bi " + biSite(array) + " " + biSite(linked));

        SortedContainer<String> sorted = new SortedContainer<>();
        for (String w : new String[] {"kiwi", "apple", "mango", "banana"}) {
            sorted.add(w);
        }
        RingContainer<Integer> ring = new RingContainer<>(3);
        for (int i = 1; i <= 5; i++) {
            ring.add(i * i);
        }
        List<Container<?>> all = List.of(words, linked, sorted, ring);
        for (Container<?> c : all) {
            System.out.println("mega " + megaSite(c));
        }

        Processor<String> proc = new Processor<>("sorted");
        StringBuilder sb = new StringBuilder();
        int n = proc.process(sorted, new Callback<String>() {
            @Override
            public void onItem(int index, String item) {
                sb.append(index).append(':').append(item).append(' ');
            }

            @Override
            public void onDone(int count) {
                sb.append("done(").append(count).append(')');
            }
        });
        System.out.println("process " + n + " " + sb + " hooks=" + sorted.hookCalls());
        Container<Integer> lengths = proc.map(sorted, String::length, new LinkedContainer<>());
        Stats st = Stats.of(lengths);
        System.out.println("map " + biSite(lengths) + " mean=" + st.mean() + " max=" + st.max());
        List<String> firsts = new ArrayList<>();
        proc.firstN(sorted, 2, (i, s) -> firsts.add(i + s));
        System.out.println("firstN " + firsts);

        Collecting col = new Collecting();
        int visited = ring.accept(col);
        System.out.println("collect " + visited + " " + col.seen);

        FancyReport fancy = new FancyReport();
        System.out.println(renderSite(new Report(), sorted));
        System.out.println(renderSite(fancy, ring));
        System.out.println(renderSite(fancy, new ArrayContainer<String>()) + " formatted=" + fancy.formatted());

        Registry.register("ring", ring);
        System.out.println("registry " + Registry.names() + " last=" + Registry.lastRegistered
                + " adds=" + Registry.totalAdds() + " lookup=" + Registry.lookup("sorted").describe());
    }
}
