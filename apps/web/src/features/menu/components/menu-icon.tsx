// The icon table is shared (components/menu-icon): the menu editor's picker draws the same icons.
export { MenuIcon } from '@/components/menu-icon/menu-icon';
