package dev.keypath.spring.repository;

import dev.keypath.KeyPathTemplate;
import java.util.Map;

/**
 * What a {@link KeyPathQuery} method does, decided once at startup. Immutable.
 *
 * @param method        method name for messages, e.g. {@code PostRepository.newest}
 * @param domainType    the repository's item type
 * @param subtree       the template of the subtree read, or null for a range
 * @param from          the template of the range's first key path, or null for a subtree
 * @param to            the template of the range's last key path, or null for a subtree
 * @param index         the GSI name, or null for the table
 * @param variables     each template variable and the bindable parameter it takes
 * @param filter        the filter expression, or null
 * @param filterNames   the filter's {@code #name} placeholders and their attribute names
 * @param filterValues  the filter's {@code :name} placeholders and the bindable parameter each takes
 * @param orderVariable the property a {@code Sort} may name (results are ordered by it), or null
 * @param descending    reversed key order when no sort is given
 * @param shape         what the method returns
 * @param mixed         true if items of every type are returned
 */
record DeclaredQueryPlan(String method, Class<?> domainType, KeyPathTemplate subtree, KeyPathTemplate from,
                         KeyPathTemplate to, String index, Map<String, Integer> variables, String filter,
                         Map<String, String> filterNames, Map<String, Integer> filterValues, String orderVariable,
                         boolean descending, QueryPlan.Shape shape, boolean mixed) {
}
