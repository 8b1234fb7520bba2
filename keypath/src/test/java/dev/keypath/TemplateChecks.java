package dev.keypath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the template parser owes every input, accepted or not; shared by the random-text property and the
 * template fuzz target. A template is a path whose ids may be variables, so the two parsers must agree: text
 * without braces (and not empty, which each names in its own words) is a template exactly when it is a path,
 * with the same error in the same place when it is neither.
 */
final class TemplateChecks {
    private TemplateChecks() {
    }

    /** {@code text} was rejected with {@code e}. */
    static void rejected(String text, KeyPathFormatException e) {
        assertThat(e.position()).isBetween(0, text.length());
        assertThat(e.inText()).isTrue();
        if (!text.isEmpty() && hasNoBraces(text)) {
            KeyPathFormatException asPath = catchThrowableOfType(KeyPathFormatException.class, () -> KeyPath.parse(text));
            assertThat(asPath).as("%s is no template, so it is no path either", text).isNotNull();
            assertThat(asPath.reason()).as("reason for %s", text).isEqualTo(e.reason());
            assertThat(asPath.position()).as("position for %s", text).isEqualTo(e.position());
        }
    }

    /**
     * {@code text} was accepted as {@code template}: binding every variable, by name or in order, gives a path of
     * the template's shape that matches back to the bound ids (and a missing value the same error both ways); the template rendered from its parts re-parses to an equal
     * template; and without variables the text reads as the bound path.
     */
    static void accepted(String text, KeyPathTemplate template) {
        List<String> variables = template.variables();
        Map<String, KeyId> values = new LinkedHashMap<>();
        for (int v = 0; v < variables.size(); v++) {
            values.put(variables.get(v), KeyId.of(1000L + v));
        }
        KeyPath bound = template.bind(values);
        assertThat(template.bind(values.values().toArray())).as("%s bound in order", text).isEqualTo(bound);
        if (!variables.isEmpty()) {
            String missing = variables.get(variables.size() - 1);
            Object[] inOrder = values.values().toArray();
            inOrder[inOrder.length - 1] = null;
            Map<String, KeyId> byName = new LinkedHashMap<>(values);
            byName.remove(missing);
            assertThat(catchThrowableOfType(KeyPathFormatException.class, () -> template.bind(inOrder)).getMessage())
                    .as("%s bound in order without {%s}", text, missing)
                    .isEqualTo(catchThrowableOfType(KeyPathFormatException.class, () -> template.bind(byName))
                            .getMessage());
        }
        assertThat(bound.size()).isEqualTo(template.size());
        assertThat(template.matches(bound)).isTrue();
        assertThat(template.match(bound)).as("matching %s", bound).contains(values);

        StringBuilder rendered = new StringBuilder();
        for (int i = 0; i < template.size(); i++) {
            assertThat(bound.namespace(i)).isEqualTo(template.namespace(i));
            rendered.append('/').append(template.namespace(i));
            String variable = variableAt(template, i);
            if (variable != null) {
                rendered.append("-{").append(variable).append('}');
            } else if (bound.id(i) != null) {
                // a literal id in path syntax; inside a template a brace of a literal is escaped
                rendered.append('-').append(bound.id(i).toString().replace("{", "%{").replace("}", "%}"));
            }
        }
        KeyPathTemplate reparsed = KeyPathTemplate.parse(rendered.toString());
        assertThat(reparsed).as("%s rendered as %s", text, rendered).isEqualTo(template);
        assertThat(reparsed.hashCode()).isEqualTo(template.hashCode());
        assertThat(reparsed.variables()).isEqualTo(variables);
        assertThat(reparsed.toString()).isEqualTo(rendered.toString());
        if (variables.isEmpty()) {
            assertThat(KeyPath.parse(text)).as("%s without variables is a path", text).isEqualTo(bound);
        }
    }

    private static String variableAt(KeyPathTemplate template, int index) {
        for (String variable : template.variables()) {
            if (template.indexOf(variable) == index) {
                return variable;
            }
        }
        return null;
    }

    private static boolean hasNoBraces(String text) {
        return text.indexOf('{') < 0 && text.indexOf('}') < 0;
    }
}
