package example.plugins;

import org.apache.commons.lang3.StringUtils;

/** A plugin no code names: only a reflection log tells an analysis that it runs. */
public final class Shout implements Plugin {
    @Override
    public String apply(String text) {
        return StringUtils.upperCase(text) + "!";
    }
}
