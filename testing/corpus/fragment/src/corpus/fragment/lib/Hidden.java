package corpus.fragment.lib;

class Hidden { // package-private and unused: no client reaches it
    void neverCalled() {
    }
}
