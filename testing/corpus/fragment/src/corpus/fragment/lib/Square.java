package corpus.fragment.lib;

class Square extends Shape {
    @Override
    public double area() {
        return 1;
    }

    @Override
    public String label() {
        return "square";
    }
}
