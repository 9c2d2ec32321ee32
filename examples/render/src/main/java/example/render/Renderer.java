package example.render;

import example.geometry.Shape;
import example.geometry.Shapes;
import java.util.List;
import org.apache.commons.lang3.StringUtils;

/** Renders shapes as text; uses Apache Commons Lang (a Debian jar). */
public class Renderer {
    private final int width;

    public Renderer(int width) {
        this.width = width;
    }

    public String render(List<? extends Shape> shapes) {
        StringBuilder out = new StringBuilder();
        for (Shape s : shapes) {
            out.append(StringUtils.rightPad(s.describe(), width)).append('|').append('\n');
        }
        out.append(StringUtils.repeat('-', width)).append('\n');
        out.append("total ").append(Shapes.totalArea(shapes));
        return out.toString();
    }
}
