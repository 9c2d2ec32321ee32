package example.app;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import example.geometry.Shapes;
import example.render.Renderer;
import org.junit.Test;

public class MainTest {
    @Test
    public void sceneHasThreeShapes() {
        assertEquals(3, Main.scene().size());
    }

    @Test
    public void totalArea() {
        assertEquals(Math.PI + 4 + 6, Shapes.totalArea(Main.scene()), 1e-9);
    }

    @Test
    public void rendersTotal() {
        assertTrue(new Renderer(30).render(Main.scene()).contains("total "));
    }
}
