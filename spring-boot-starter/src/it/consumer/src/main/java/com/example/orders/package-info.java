/**
 * A minimal Spring Boot application that depends on the keypath starter alone: an order type, its repository
 * with derived key-path queries, and the application class. The starter's build compiles and tests it.
 */
package com.example.orders;
