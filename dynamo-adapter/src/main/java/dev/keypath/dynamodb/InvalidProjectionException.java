package dev.keypath.dynamodb;

/**
 * A {@link Projection}'s view type cannot be read from its item type: a view property names no property, key
 * field or key path of the item type, or the view cannot be built. The message names the view type, the
 * property and the item type. Thrown before any request. Thread-safe.
 */
public class InvalidProjectionException extends ItemMappingException {
    private static final long serialVersionUID = 1L;

    private final String viewType;
    private final String property;

    /** Creates the exception for {@code property} (null when the whole view is at fault) of {@code viewType}. */
    public InvalidProjectionException(String message, Class<?> viewType, String property) {
        super(message);
        this.viewType = viewType.getName();
        this.property = property;
    }

    /** The name of the view class or interface. */
    public String viewType() {
        return viewType;
    }

    /** The view property at fault, or null when it is the whole view. */
    public String property() {
        return property;
    }
}
