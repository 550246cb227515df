import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar, AvatarPlaceholder } from './avatar';
import { AvatarStack } from './avatar-stack';

const people = [
  { id: 1, name: 'Иван Петров', src: 'https://cdn.example/ivan.jpg' },
  { id: 2, name: 'Мария Соколова' },
  { id: 3, name: 'Олег' },
  { id: 4, name: 'Нина Орлова' },
];

describe('Avatar', () => {
  it('shows the picture with the name as its alternative text', () => {
    render(<Avatar name="Иван Петров" src="https://cdn.example/ivan.jpg" />);
    expect(screen.getByRole('img', { name: 'Иван Петров' })).toHaveAttribute(
      'src',
      'https://cdn.example/ivan.jpg',
    );
  });

  it('falls back to the initials without a picture or when it fails to load', () => {
    const { rerender } = render(<Avatar name="Мария Соколова" src={null} />);
    expect(screen.getByRole('img', { name: 'Мария Соколова' })).toHaveTextContent('МС');

    rerender(<Avatar name="Иван Петров" src="https://cdn.example/broken.jpg" />);
    fireEvent.error(screen.getByRole('img', { name: 'Иван Петров' }));
    expect(screen.getByRole('img', { name: 'Иван Петров' })).toHaveTextContent('ИП');
  });

  it('is hidden from assistive technology when decorative', () => {
    render(<Avatar name="Иван Петров" decorative />);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByText('ИП')).toBeInTheDocument();
  });
});

describe('AvatarPlaceholder', () => {
  it('is a neutral person named by what is missing, with no initials', () => {
    render(<AvatarPlaceholder label="Контакт не указан" />);
    const placeholder = screen.getByRole('img', { name: 'Контакт не указан' });
    expect(placeholder).toHaveTextContent('');
    expect(placeholder.querySelector('svg')).not.toBeNull();
  });

  it('is hidden from assistive technology when decorative', () => {
    render(<AvatarPlaceholder label="Контакт не указан" decorative />);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});

describe('AvatarStack', () => {
  it("shows at most `max` avatars and '+N' for the rest of the total", () => {
    render(<AvatarStack items={people} total={10} max={3} />);
    expect(screen.getAllByRole('img')).toHaveLength(3);
    expect(screen.getByText('+7')).toBeInTheDocument();
    expect(screen.getByText('и ещё 7')).toBeInTheDocument();
  });

  it('counts the items when no total is given', () => {
    render(<AvatarStack items={people} max={3} />);
    expect(screen.getByText('+1')).toBeInTheDocument();
  });

  it("has no '+N' when everything fits", () => {
    render(<AvatarStack items={people.slice(0, 2)} total={2} max={3} />);
    expect(screen.getAllByRole('img')).toHaveLength(2);
    expect(screen.queryByText(/^\+/)).not.toBeInTheDocument();
  });
});
